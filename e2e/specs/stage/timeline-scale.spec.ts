/**
 * The Pixi timeline scale end to end, against the real recorder of the e2e
 * run and two simulated cameras: dragging the scale into the past plays
 * that time in both linked tiles (read from the capture time burnt into
 * each frame), and the next motion event lands where the simulator's
 * moving object was switched on, the previous one before it. Screenshots
 * of the stage with the timeline go to $ARGUS_SHOTS_DIR when set.
 */
import type { MotionEventsResponse } from '../../../server/shared/api';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { ControlBarPage } from './control-bar-page';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';
import { recordingProbe } from './stage-recording';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';

/** The live view's default half-window (spec 9: 4 minutes) spread over half the scale's width. */
const LIVE_HALF_WINDOW_MS = 240_000;
/** How far back the drag goes: well inside the 150 s recorded before it, on a wide or a phone's narrow scale. */
const DRAG_LAG_MS = 60_000;
/** Pointer moves take a moment, and the bar shows whole seconds. */
const BAR_TOLERANCE_MS = 4_000;
/** The picture may start up to a GOP early, and a screenshot takes a moment. */
const PICTURE_TOLERANCE_MS = 5_000;
/** "Previous motion event" searches from this long before the playhead (spec 9). */
const PREVIOUS_LOOK_BACK_MS = 5_000;

test.describe.configure({ timeout: 300_000 });

const suite = stageSuite();

function streamOf(name: string): string {
  return suite.cameras.find((camera) => camera.name === name)!.primaryStream!.id;
}

async function waitForRecordingSince(agoMs: number): Promise<void> {
  const probe = await recordingProbe(recorderBaseUrl(), adminPassword());
  await expect
    .poll(
      async () => {
        const starts = await Promise.all(suite.cameras.map((camera) => probe.earliestMs(camera.primaryStream!.id)));
        return starts.every((start) => start !== undefined && start <= Date.now() - agoMs);
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(true);
}

async function motionEvents(streamId: string, startMs: number): Promise<MotionEventsResponse['data']['events']> {
  const base = recorderBaseUrl();
  const signIn = await fetch(`${base}/service/sessions/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword(), cookie: 'session', type: 'user' }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const reply = await fetch(`${base}/service/events/camera-stream?eventType=motion&id=${streamId}&start=${startMs}&count=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await reply.json()) as MotionEventsResponse).data.events;
}

test('dragging the timeline into the past plays that time in both linked tiles', ANY_VIEWPORT, async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const bar = new ControlBarPage(page);
  for (const camera of [suite.first, suite.second]) await stage.bagCamera(camera).dblclick();
  await stage.expectPlaying(suite.first);
  await stage.expectPlaying(suite.second);
  const scale = page.getByTestId('timeline-scale');
  await expect(scale).toHaveAttribute('data-renderer', /^(webgl|canvas)$/);
  await expect(bar.time).toHaveText('Live');
  await waitForRecordingSince(150_000);
  await shot(page, testInfo, 'timeline-scale-live');

  // Live: now is in the middle; dragging right pulls the past under the needle.
  const box = (await scale.boundingBox())!;
  const dragPx = Math.round((DRAG_LAG_MS * box.width) / (2 * LIVE_HALF_WINDOW_MS));
  const expectedLagMs = (dragPx * 2 * LIVE_HALF_WINDOW_MS) / box.width;
  const y = box.y + box.height / 2;
  const dragStartedAt = Date.now();
  await stage.mouseDrag({ x: box.x + box.width * 0.3, y }, { x: box.x + box.width * 0.3 + dragPx, y });
  await expect(bar.time).not.toHaveText('Live');
  await expect.poll(() => bar.lagMs(), { message: 'the bar lags now by the dragged time' }).toBeGreaterThan(expectedLagMs - BAR_TOLERANCE_MS);
  // The time under the needle is held from the press, and the clock waits
  // while the players connect, so the lag may have grown by up to the time
  // since the drag began (a loaded machine drags and connects slowly).
  expect((await bar.lagMs()) - (Date.now() - dragStartedAt)).toBeLessThan(expectedLagMs + BAR_TOLERANCE_MS);
  await shot(page, testInfo, 'timeline-scale-dragged');

  for (const name of [suite.first, suite.second]) {
    await expect
      .poll(async () => Math.abs(((await stage.tileTime(name)) ?? 0) - (Date.now() - (await bar.lagMs()))), {
        timeout: 30_000,
        message: `${name} shows the dragged-to time`,
      })
      .toBeLessThan(PICTURE_TOLERANCE_MS);
  }

  // The LIVE label at the right end goes back to live.
  await page.mouse.click(box.x + box.width - 10, y);
  await expect(bar.time).toHaveText('Live');
});

test('next motion event lands where the simulated object moved; previous goes before it', ANY_VIEWPORT, async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const bar = new ControlBarPage(page);
  await stage.bagCamera(suite.first).dblclick();
  await stage.expectPlaying(suite.first);
  const streamId = streamOf(suite.first);
  await waitForRecordingSince(60_000);

  // Still picture until no event is open, then the object moves for 8 s. Motion is switched back on
  // whatever happens, for the tests after this one.
  try {
    await motionSearch();
  } finally {
    await suite.sim.setMotion(true, 0);
  }

  async function motionSearch(): Promise<void> {
    await suite.sim.setMotion(false, 0);
    await expect.poll(async () => (await motionEvents(streamId, 0)).every((event) => !event.active), { timeout: 60_000 }).toBe(true);
    const movedAtMs = Date.now();
    await suite.sim.setMotion(true, 0);
    await page.waitForTimeout(8_000); // the object has to move for a while to be an event
    await suite.sim.setMotion(false, 0);
    let eventStartMs = 0;
    await expect
      .poll(
        async () => {
          const event = (await motionEvents(streamId, movedAtMs - 2_000)).find((entry) => !entry.active);
          eventStartMs = event?.start ?? 0;
          return eventStartMs > 0;
        },
        { timeout: 60_000, message: 'the recorder closed the motion event' },
      )
      .toBe(true);
    expect(eventStartMs).toBeLessThan(movedAtMs + 6_000);

    // From 30 s before it, "next" lands on its start in the bar and in the picture.
    await bar.seekTo(Math.floor((movedAtMs - 30_000) / 1000) * 1000);
    await bar.bar.getByRole('button', { name: 'Next motion event' }).click();
    await expect.poll(async () => Math.abs(((await bar.shownTime()) as number) - eventStartMs), { message: 'the bar is at the event' }).toBeLessThan(1_500);
    // The player may start at the keyframe before it (motion-adaptive recording keeps few while nothing moves): it plays through the event.
    await expect
      .poll(
        async () => {
          const shown = (await stage.tileTime(suite.first)) ?? 0;
          return shown >= eventStartMs - 1_000 && shown <= eventStartMs + 10_000;
        },
        { timeout: 30_000, intervals: [250], message: 'the tile plays the moment the object moved' },
      )
      .toBe(true);
    await shot(page, testInfo, 'timeline-scale-motion');

    // Once the playhead has played more than 5 s past the event's start, "previous" (which looks back 5 s
    // from the playhead) lands on the event again...
    await expect
      .poll(async () => ((await bar.shownTime()) as number) - eventStartMs, { timeout: 30_000, message: 'the playhead plays on past the event' })
      .toBeGreaterThan(PREVIOUS_LOOK_BACK_MS + 1_000);
    const previous = bar.bar.getByRole('button', { name: 'Previous motion event' });
    await previous.click();
    await expect.poll(async () => Math.abs(((await bar.shownTime()) as number) - eventStartMs), { message: 'back at the event' }).toBeLessThan(1_500);
    // ...and once more, from its start, it skips it (the 5 s look-back) and finds the motion before it.
    await previous.click();
    await expect.poll(async () => ((await bar.shownTime()) as number) < eventStartMs - PREVIOUS_LOOK_BACK_MS, { message: 'the bar went to an earlier event' }).toBe(true);
  }
});
