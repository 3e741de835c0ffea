/**
 * The stage's timeline end to end, against the real recorder of the e2e run
 * and two simulated cameras registered here, which record from then on:
 * seeking the master with the date-time dialog plays the past in every
 * linked tile (read from the capture time burnt into each frame); full
 * screen undoes on leaving what was changed in it; an unlinked tile keeps
 * its own time while the master goes live. Screenshots go to
 * $ARGUS_SHOTS_DIR when set.
 */
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { ControlBarPage } from './control-bar-page';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';
import { recordingProbe } from './stage-recording';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';

/** How far back the master is sent: well past the 5 s live window, within what has been recorded. */
const SEEK_BACK_MS = 75_000;
/** The picture may start up to a GOP (1 s) early, and a screenshot takes a moment. */
const PICTURE_TOLERANCE_MS = 5_000;
/** The bar's clock ticks 4 times a second and shows whole seconds. */
const BAR_TOLERANCE_MS = 1_500;

test.describe.configure({ timeout: 300_000 });

const suite = stageSuite();

/** Waits until both cameras have recorded since before `SEEK_BACK_MS` (plus a margin) ago. */
async function waitForRecording(): Promise<void> {
  const probe = await recordingProbe(recorderBaseUrl(), adminPassword());
  const streams = suite.cameras.map((camera) => camera.primaryStream!.id);
  await expect
    .poll(
      async () => {
        const starts = await Promise.all(streams.map((id) => probe.earliestMs(id)));
        return starts.every((start) => start !== undefined && start <= Date.now() - SEEK_BACK_MS - 5_000);
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(true);
}

/** How far behind now the picture of a tile is, from its burnt-in capture time. */
async function pictureLagMs(stage: StagePage, name: string): Promise<number> {
  const shown = await stage.tileTime(name);
  return shown === undefined ? Number.NaN : Date.now() - shown;
}

/** How far behind now a seek put the playhead: known to lie between the lag when the dialog opened and when it closed. */
interface Lag {
  minMs: number;
  maxMs: number;
}

async function expectBarLag(bar: ControlBarPage, lag: Lag): Promise<void> {
  await expect.poll(() => bar.lagMs(), { message: 'the bar lags now by the sought amount' }).toBeGreaterThanOrEqual(lag.minMs - BAR_TOLERANCE_MS);
  await expect.poll(() => bar.lagMs(), { message: 'the bar lags now by the sought amount' }).toBeLessThanOrEqual(lag.maxMs + BAR_TOLERANCE_MS);
}

async function expectPictureLag(stage: StagePage, name: string, lag: Lag): Promise<void> {
  const options = { timeout: 30_000, message: `${name} shows the sought time` };
  await expect.poll(() => pictureLagMs(stage, name), options).toBeGreaterThanOrEqual(lag.minMs - PICTURE_TOLERANCE_MS);
  await expect.poll(() => pictureLagMs(stage, name), options).toBeLessThanOrEqual(lag.maxMs + PICTURE_TOLERANCE_MS);
}

test('the master plays the past; full screen restores it on leaving; an unlinked tile keeps its own time', async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const bar = new ControlBarPage(page);
  for (const camera of [suite.first, suite.second]) await stage.bagCamera(camera).dblclick();
  await stage.expectPlaying(suite.first);
  await stage.expectPlaying(suite.second);
  await expect(bar.time).toHaveText('Live');
  await waitForRecording();

  // Seek the master 75 s back (to the second) with the date-time dialog: both linked tiles play that time.
  const soughtMs = Math.floor((Date.now() - SEEK_BACK_MS) / 1000) * 1000;
  const openedMs = Date.now();
  await bar.seekTo(soughtMs);
  const lag: Lag = { minMs: openedMs - soughtMs, maxMs: Date.now() - soughtMs };
  await expect(bar.time).not.toHaveText('Live');
  await expectBarLag(bar, lag);
  await expect(bar.speedValue).toHaveText('1×');
  await expectPictureLag(stage, suite.first, lag);
  await expectPictureLag(stage, suite.second, lag);
  await shot(page, testInfo, 'timeline-past');

  // Full screen on the first tile: the bar now drives its (linked, so the master's) context.
  await (await stage.header(suite.first, 'Full screen')).click();
  await expect(stage.tile(suite.second)).toBeHidden();
  await bar.setSpeedNotch(8);
  await expect(bar.speedValue).toHaveText('½×');
  await bar.goLive();
  await expect(bar.time).toHaveText('Live');
  await expect(bar.speedValue).toHaveText('1×');
  await shot(page, testInfo, 'timeline-full-screen-live');

  // Leaving full screen restores the master as it was: playing 75 s back at 1×.
  await (await stage.header(suite.first, 'Exit full screen')).click();
  await expect(stage.tile(suite.second)).toBeVisible();
  await expect(bar.time).not.toHaveText('Live');
  await expectBarLag(bar, lag);
  await expect(bar.speedValue).toHaveText('1×');
  await expectPictureLag(stage, suite.first, lag);
  await expectPictureLag(stage, suite.second, lag);

  // Unlink the first tile, then send the master live: only the linked tile follows.
  await stage.tileAction(suite.first, 'Unlink from the master timeline');
  await stage.expectTileAction(suite.first, 'Link to the master timeline');
  await bar.goLive();
  await expect(bar.time).toHaveText('Live');
  await expect.poll(async () => (await pictureLagMs(stage, suite.second)) < 5_000, { timeout: 30_000 }).toBe(true);
  // The unlinked tile keeps playing the past. Only the lower bound is judged here: a loaded
  // machine may stall its playback, which puts it further back, never nearer to now.
  await expect
    .poll(() => pictureLagMs(stage, suite.first), { timeout: 30_000, message: `${suite.first} keeps its own time` })
    .toBeGreaterThanOrEqual(lag.minMs - PICTURE_TOLERANCE_MS);
  const ownTime = stage.tile(suite.first).getByTestId('tile-own-time').locator('time');
  await expect(ownTime).toBeVisible();
  await shot(page, testInfo, 'timeline-unlinked');

  // Linking again follows the master: live.
  await stage.tileAction(suite.first, 'Link to the master timeline');
  await expect.poll(async () => (await pictureLagMs(stage, suite.first)) < 5_000, { timeout: 30_000 }).toBe(true);
});

test('the control bar sits under the matrix and its date-time dialog moves the master back', async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const bar = new ControlBarPage(page);
  await stage.bagCamera(suite.first).dblclick();
  await stage.expectPlaying(suite.first);
  await expect(bar.bar).toBeVisible();
  const grid = (await stage.grid.boundingBox())!;
  const box = (await bar.bar.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(grid.y + grid.height - 1);
  expect(box.x + box.width).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) + 1);
  await shot(page, testInfo, 'timeline-bar');

  // Seconds are zeroed unless asked for; a time two minutes back is not live.
  await bar.bar.getByRole('button', { name: 'Go to a date and time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Go to a date and time' });
  await shot(page, testInfo, 'timeline-dialog');
  const at = new Date(Date.now() - 120_000);
  await dialog.getByLabel('Time').fill(`${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`);
  await dialog.getByRole('button', { name: 'Go to time' }).click();
  await expect(dialog).toBeHidden();
  const shown = await bar.shownTime();
  expect(shown).not.toBe('live');
  expect(new Date(shown as number).getSeconds()).toBeLessThanOrEqual(2);
  await bar.goLive();
  await expect(bar.time).toHaveText('Live');
});

test('a time before anything was recorded counts down to the first recording, then plays it', ANY_VIEWPORT, async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const bar = new ControlBarPage(page);
  await stage.bagCamera(suite.first).dblclick();
  await stage.expectPlaying(suite.first);
  const probe = await recordingProbe(recorderBaseUrl(), adminPassword());
  const streamId = suite.cameras.find((camera) => camera.name === suite.first)!.primaryStream!.id;
  const firstRecordedMs = await probe.earliestMs(streamId);
  expect(firstRecordedMs).toBeDefined();

  // 12 s before the first segment: the recorder has nothing there, so the tile counts down to it. The
  // countdown runs at 1x in real time; 12 s leave it showing for seconds after a slow player's refusal.
  await bar.seekTo(Math.floor((firstRecordedMs! - 12_000) / 1000) * 1000);
  const delay = stage.tile(suite.first).locator('[data-overlay="delay"]');
  await expect(delay).toBeVisible({ timeout: 30_000 });
  await expect(delay).toContainText('Next recording in');
  await shot(page, testInfo, 'timeline-countdown');

  // Then it plays from the start of that recording (the player resumes 1.5 s before it).
  await expect(delay).toBeHidden({ timeout: 40_000 });
  await expect
    .poll(async () => (await stage.tileTime(suite.first)) ?? 0, { timeout: 30_000, message: 'the tile shows the first recording' })
    .toBeGreaterThanOrEqual(firstRecordedMs! - 2_000);
  expect(await pictureLagMs(stage, suite.first)).toBeGreaterThan(10_000);
});
