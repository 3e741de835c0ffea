/**
 * Export end to end (spec 2, 5, 6, 7, 8) against the real recorder of the
 * e2e run and two simulated cameras that burn their capture time into every
 * picture: 20 s picked in the dialog download from the new window as mov
 * and mkv, and each file's first and last pictures carry the chosen start
 * and end (within a GOP, 1 s), and each declares its real length;
 * a too-short or too-long range and a range with no recordings are refused as the spec
 * words them; a dewarp camera's "html dewarp" page plays from disk through
 * the dewarp shader; a Viewer has no Export button. Screenshots of the dialog go
 * to $ARGUS_SHOTS_DIR when set.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import type { Camera } from '../../../server/shared/api';
import { declaredSeconds, frameTimeAt, lastPacketSeconds } from '../../../tests/integration/recorder/helpers/frames';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { ExportDialogPage } from './export-dialog-page';
import { StagePage } from './stage-page';
import { recordingProbe } from './stage-recording';
import { stageSuite } from './stage-suite';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';

/** The simulated cameras send a keyframe every second: an export may start up to one GOP early. */
const GOP_MS = 1_000;
/** The recorder's estimate of a picture's arrival and a frame's duration (the recorder's export test allows 250 ms). */
const SLACK_MS = 500;
const EXPORT_MS = 20_000;
/** The end of the export lies this far back, so the segment being written already holds it. */
const END_BEFORE_NOW_MS = 8_000;

test.describe.configure({ timeout: 240_000 });

const suite = stageSuite();

function streamOf(name: string): string {
  return suite.cameras.find((camera) => camera.name === name)!.primaryStream!.id;
}

/** Waits until the stream has recorded for `spanMs` up to now, so any range inside that span exists. */
async function waitForRecordingOf(streamId: string, spanMs: number): Promise<void> {
  const probe = await recordingProbe(recorderBaseUrl(), adminPassword());
  await expect
    .poll(async () => ((await probe.earliestMs(streamId)) ?? Infinity) <= Date.now() - spanMs, { timeout: 150_000, intervals: [2_000] })
    .toBe(true);
}

async function adminToken(): Promise<string> {
  const signIn = await fetch(`${recorderBaseUrl()}/service/sessions/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword(), cookie: 'session', type: 'user' }),
  });
  return ((await signIn.json()) as { token: string }).token;
}

/** Checks that a file declares its real length (last packet, within a frame or two), close to the chosen span. */
async function expectDeclaredLength(file: string, spanMs: number): Promise<void> {
  const declared = await declaredSeconds(file);
  const real = await lastPacketSeconds(file);
  expect(declared, 'the file declares a length').toBeDefined();
  expect(Math.abs(declared! - real), 'the declared length is the real length').toBeLessThanOrEqual(0.5);
  expect(Math.abs(declared! - spanMs / 1000), 'the declared length is the chosen span').toBeLessThanOrEqual(GOP_MS / 1000 + 0.5);
}

/**
 * Checks that a downloaded export's first and last pictures carry the chosen start and end: the export
 * enters at the keyframe at or before the start (up to one GOP early) and stops at the end; the slack
 * covers the recorder's estimate of when a picture arrived (its index clock) and a frame's duration, as
 * in the recorder's own export test, with room for a loaded 2-core machine.
 */
async function readExport(file: string, startMs: number, stopMs: number, format: 'mov' | 'mkv'): Promise<void> {
  const first = await frameTimeAt(file, 0);
  const lastS = await lastPacketSeconds(file);
  const last = await frameTimeAt(file, Math.max(0, lastS - 0.02));
  expect(first, `${format}: the first picture carries a time`).toBeDefined();
  expect(last, `${format}: the last picture carries a time`).toBeDefined();
  const firstLagMs = first! - startMs;
  const lastLagMs = last! - stopMs;
  expect(firstLagMs, `${format}: the first picture is the chosen start (${firstLagMs} ms from it)`).toBeGreaterThanOrEqual(-GOP_MS - SLACK_MS);
  expect(firstLagMs, `${format}: the first picture is the chosen start (${firstLagMs} ms from it)`).toBeLessThanOrEqual(SLACK_MS);
  expect(Math.abs(lastLagMs), `${format}: the last picture is the chosen end (${lastLagMs} ms from it)`).toBeLessThanOrEqual(GOP_MS);
}

test('20 s picked in the dialog download as mov and mkv from a new window; their pictures are the chosen span, and each declares its real length', ANY_VIEWPORT, async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const dialog = new ExportDialogPage(page);
  await stage.bagCamera(suite.first).dblclick();
  await stage.expectPlaying(suite.first);

  await dialog.open();
  await shot(page, testInfo, 'export-dialog');
  // Live, the dialog offers the last minute; the linked camera has its row.
  await expect(dialog.duration).toHaveText('Duration 0:01:00');
  await expect(dialog.formatButton(suite.first, 'mkv')).toBeEnabled();

  await waitForRecordingOf(streamOf(suite.first), EXPORT_MS + END_BEFORE_NOW_MS + 3 * GOP_MS);
  const startMs = Math.floor(Date.now() / 1000) * 1000 - EXPORT_MS - END_BEFORE_NOW_MS;
  const stopMs = startMs + EXPORT_MS;
  await dialog.setRange(startMs, stopMs);
  await expect(dialog.duration).toHaveText('Duration 0:00:20');
  await shot(page, testInfo, 'export-dialog-20s');

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-export-'));
  try {
    for (const format of ['mov', 'mkv'] as const) {
      const download = await dialog.download(suite.first, format);
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
      const file = path.join(folder, `export.${format}`);
      await download.saveAs(file);
      await readExport(file, startMs, stopMs, format);
      await expectDeclaredLength(file, EXPORT_MS);
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  // The buttons are ready again once the windows have opened.
  await expect(dialog.formatButton(suite.first, 'mov')).toBeEnabled();
});

test("a range under 10 s or over the server's maximum disables export; a range with no recordings is refused as 'no archives in the region'", async ({ page, errors }, testInfo) => {
  const stage = new StagePage(page);
  const dialog = new ExportDialogPage(page);
  await stage.bagCamera(suite.second).dblclick();
  await stage.expectPlaying(suite.second);
  await dialog.open();

  const probe = await recordingProbe(recorderBaseUrl(), adminPassword());
  const earliest = (await probe.earliestMs(streamOf(suite.second))) ?? Date.now() - 5_000;
  const beforeMs = Math.floor(earliest / 1000) * 1000 - 120_000;

  await dialog.setRange(beforeMs, beforeMs + 5_000);
  await expect(dialog.dialog.getByRole('alert')).toHaveText('Invalid time selection.  Start time must be at least 10 seconds less than end time.');
  await expect(dialog.formatButton(suite.second, 'mkv')).toBeDisabled();
  await expect(dialog.formatButton(suite.second, 'mov')).toBeDisabled();

  // Longer than the recorder's maxExportHours (24 by default), which the client reads from GET /service/about.
  await dialog.setEnd('Start', beforeMs - 25 * 3_600_000);
  await expect(dialog.dialog.getByRole('alert')).toHaveText('The selection is longer than this server allows (24 hours).');
  await expect(dialog.formatButton(suite.second, 'mkv')).toBeDisabled();
  await dialog.setEnd('Start', beforeMs);

  // Nothing was recorded two minutes before the camera's first segment: HEAD answers 404.
  // The browser itself logs the 404 of the HEAD; it is the answer this test asks for.
  errors.allow(/\/service\/streams\/[^/]+\/export\?start=/);
  await dialog.setEnd('End', beforeMs + 30_000);
  await expect(dialog.duration).toHaveText('Duration 0:00:30');
  await dialog.formatButton(suite.second, 'mkv').click();
  await expect(dialog.dialog.getByRole('alert')).toHaveText('mkv: no archives in the region');
  await expect(dialog.formatButton(suite.second, 'mkv')).toBeDisabled();
  await expect(dialog.formatButton(suite.second, 'mov')).toBeEnabled();
  await shot(page, testInfo, 'export-dialog-error');
});

test('a dewarp camera exports an html page that plays the video through the dewarp shader from disk', ANY_VIEWPORT, async ({ page, browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  const stage = new StagePage(page);
  const dialog = new ExportDialogPage(page);
  const fisheye = suite.cameras.find((camera) => camera.name === suite.second)!;
  const token = await adminToken();
  const setDewarp = (enable: boolean) =>
    fetch(`${recorderBaseUrl()}/service/cameras/${fisheye.id}/streams/${fisheye.primaryStream!.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ dewarpConfiguration: { enable, defaultMode: 'perspective' } }),
    });
  expect((await setDewarp(true)).status).toBe(200);
  // The stage cameras are shared by the stage spec files: the camera is a plain one again afterwards.
  try {
    await dewarpExportPlays(page, testInfo, stage, dialog, fisheye);
  } finally {
    await setDewarp(false);
  }
});

async function dewarpExportPlays(page: Page, testInfo: TestInfo, stage: StagePage, dialog: ExportDialogPage, fisheye: Camera): Promise<void> {
  await page.reload(); // the bag reads the cameras again, now with the dewarp settings
  await stage.bagCamera(suite.second).dblclick();
  await stage.expectPlaying(suite.second);
  await waitForRecordingOf(fisheye.primaryStream!.id, 12_000 + END_BEFORE_NOW_MS + 3 * GOP_MS);

  await dialog.open();
  const startMs = Math.floor(Date.now() / 1000) * 1000 - 12_000 - END_BEFORE_NOW_MS;
  await dialog.setRange(startMs, startMs + 12_000);
  await shot(page, testInfo, 'export-dialog-dewarp');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.formatButton(suite.second, 'html dewarp').click()]);
  expect(download.suggestedFilename()).toMatch(/ dewarp\.html$/);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-dewarp-'));
  try {
    const file = path.join(folder, download.suggestedFilename());
    await download.saveAs(file);
    // Opened from disk, as a person would open the saved file: no recorder, no session.
    const viewer = await page.context().newPage();
    const problems: string[] = [];
    viewer.on('pageerror', (error) => problems.push(error.message));
    viewer.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await viewer.goto(`file://${file}`);
    await expect.poll(() => viewer.evaluate(() => (window as unknown as { dewarpFrames: number }).dewarpFrames), { timeout: 20_000 }).toBeGreaterThan(3);
    const lit = await viewer.evaluate(() => {
      const canvas = document.getElementById('view') as HTMLCanvasElement;
      const copy = new OffscreenCanvas(canvas.width, canvas.height);
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let sum = 0;
      for (let i = 0; i < rgba.length; i += 4) sum += rgba[i]! + rgba[i + 1]! + rgba[i + 2]!;
      return sum / (rgba.length / 4) / 3;
    });
    expect(lit, 'the dewarped view shows the video, not black').toBeGreaterThan(20);
    await shot(viewer, testInfo, 'export-dewarp-page');
    expect(problems).toEqual([]);
    await viewer.close();
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

// What a Viewer may do is the recorder's rule; the phone's timeline controls are the timeline spec's.
test('a Viewer has the timeline controls but no Export button', ANY_VIEWPORT, async ({ page, signInPage, shell }) => {
  const viewer = { username: `viewer_${Date.now().toString(36)}`, password: 'viewer-pass' };
  const token = await adminToken();
  const created = await fetch(`${recorderBaseUrl()}/service/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...viewer, role: 'Viewer' }),
  });
  expect(created.status).toBe(201);
  await shell.signOut();
  await signInPage.signIn(viewer.username, viewer.password);
  await shell.expectStage();
  const dialog = new ExportDialogPage(page);
  await expect(page.getByRole('toolbar', { name: 'Timeline controls' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Timeline controls' }).getByRole('button', { name: 'Go live' })).toBeVisible();
  await expect(dialog.openButton).toHaveCount(0);
});
