/**
 * Playback at other speeds than 1x, end to end against the real recorder of
 * the e2e run and the stage cameras of this file, judged by the capture
 * time burnt into the tile's picture: 16x runs the picture forward many
 * seconds per second, -4x runs it backwards (in low-bandwidth image mode,
 * spec 4), and while paused a step back shows the frame 40 ms earlier (25
 * fps) and a step forward the one after. Desktop only: the touch layout's
 * always-shown header covers the time strip. Lean on purpose: one tile,
 * one recording wait.
 */
import { expect, test } from '../../fixtures/test';
import { shot } from '../../fixtures/shots';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { ControlBarPage } from './control-bar-page';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';
import { recordingProbe } from './stage-recording';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';

/** Where playback starts: far enough back that 16x does not reach live at once, within what is recorded. */
const SEEK_BACK_MS = 60_000;
/** Recording before the sought time, so -4x has well over the 4 s it is judged on before the recording begins. */
const RECORDED_BEFORE_SEEK_MS = 20_000;
/** Speed slider notches (0 is -64x, 13 is 64x). */
const NOTCH = { minus4: 3, plus1: 9, plus16: 11 } as const;
/** One frame of the simulated cameras (25 fps), and the slack of reading the strip of a scaled picture. */
const FRAME_MS = 40;
const FRAME_TOLERANCE_MS = 8;

test.describe.configure({ timeout: 300_000 });

const suite = stageSuite();

async function waitForRecording(streamId: string): Promise<void> {
  const probe = await recordingProbe(recorderBaseUrl(), adminPassword());
  await expect
    .poll(async () => ((await probe.earliestMs(streamId)) ?? Infinity) <= Date.now() - SEEK_BACK_MS - RECORDED_BEFORE_SEEK_MS, { timeout: 150_000, intervals: [2_000] })
    .toBe(true);
}

test('plays 16x forward and -4x backward, and steps one frame while paused', ANY_VIEWPORT, async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const bar = new ControlBarPage(page);
  const name = suite.first;
  const camera = suite.cameras.find((c) => c.name === name)!;
  await stage.bagCamera(name).dblclick();
  await stage.expectPlaying(name);
  await waitForRecording(camera.primaryStream!.id);
  const shown = async () => (await stage.tileTime(name)) ?? Number.NaN;
  // How far the tile's picture is from the control bar's time: after a seek the tile plays where the
  // timeline is, which has moved on at 1x by however long the player took to switch modes.
  const offTimeline = async () => {
    const [tile, barTime] = await Promise.all([shown(), bar.shownTime()]);
    return typeof barTime === 'number' ? Math.abs(tile - barTime) : Number.POSITIVE_INFINITY;
  };

  // 16x: 24 s of recording pass in less than the 24 s they would take at 1x.
  const soughtMs = Math.floor((Date.now() - SEEK_BACK_MS) / 1000) * 1000;
  await bar.seekTo(soughtMs);
  await expect.poll(async () => Math.abs((await shown()) - soughtMs), { timeout: 30_000 }).toBeLessThan(5_000);
  await bar.setSpeedNotch(NOTCH.plus16);
  await expect(bar.speedValue).toHaveText('16×');
  const fastFromMs = Date.now();
  await expect.poll(shown, { timeout: 20_000, message: 'the picture runs ahead at 16x' }).toBeGreaterThan(soughtMs + 24_000);
  // Faster than 1x could go (24 s of picture in under 24 s); the integration test measures the speed itself.
  expect(Date.now() - fastFromMs).toBeLessThan(24_000);
  await shot(page, testInfo, 'speed-16x');

  // -4x: the tile switches to pictures and the burnt-in time goes back.
  await bar.seekTo(soughtMs);
  await bar.setSpeedNotch(NOTCH.minus4);
  await expect(bar.speedValue).toHaveText('−4×');
  await stage.expectPlaying(name, 'lowbandwidth');
  let first = Number.NaN;
  await expect.poll(async () => Number.isFinite((first = await shown())), { timeout: 30_000 }).toBe(true);
  await expect.poll(shown, { timeout: 20_000, message: 'the picture runs backwards' }).toBeLessThan(first - 4_000);
  await shot(page, testInfo, 'speed-minus-4x');

  // Back at 1x at the sought time (the -4x timeline ran back towards the start of the recording), then paused:
  // one frame back shows the frame 40 ms earlier; forward again the one after it.
  await bar.setSpeedNotch(NOTCH.plus1);
  await bar.seekTo(soughtMs);
  await expect.poll(offTimeline, { timeout: 30_000, message: 'the tile plays the timeline’s time again' }).toBeLessThan(5_000);
  await bar.bar.getByRole('button', { name: 'Pause' }).click();
  const stepBack = bar.bar.getByRole('button', { name: 'Step back one frame' });
  const stepForward = bar.bar.getByRole('button', { name: 'Step forward one frame' });
  await expect(stepBack).toBeVisible();
  const still = stage.tile(name).getByTestId('tile-still');
  await stepBack.click();
  await expect(still).toBeVisible({ timeout: 15_000 });
  await expect(stepBack).toBeEnabled({ timeout: 15_000 });
  const before = await shown();
  await stepBack.click();
  await expect.poll(shown, { timeout: 15_000 }).not.toBe(before);
  const back = await shown();
  expect(Math.abs(before - back - FRAME_MS)).toBeLessThanOrEqual(FRAME_TOLERANCE_MS);
  await expect(stepForward).toBeEnabled({ timeout: 15_000 });
  await stepForward.click();
  await expect.poll(shown, { timeout: 15_000 }).not.toBe(back);
  expect(Math.abs((await shown()) - before)).toBeLessThanOrEqual(FRAME_TOLERANCE_MS);
  await shot(page, testInfo, 'frame-step');

  // Playing again drops the still.
  await bar.bar.getByRole('button', { name: 'Play' }).click();
  await expect(still).toBeHidden();
});
