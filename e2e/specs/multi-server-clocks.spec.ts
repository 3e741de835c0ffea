/**
 * Per-server clocks on the stage (issue 14; spec 2 clock-skew warning, 3
 * 'time info per server', 7 times "adjusted by server time offset", 9): an
 * aggregator with two real recorders, North on the machine's clock and
 * South two minutes ahead of it (--clock-offset-seconds 120), one simulated
 * camera each. The cameras keep the machine's clock, which this page shares,
 * and burn it into their pictures; South stamps its recordings with its
 * own. A user sees both cameras live at the time the bar shows, South's
 * recordings on the timeline when they were made, South's past at the time
 * sought, and the clock-difference warning naming South.
 *
 * Desktop only (ANY_VIEWPORT): what is checked is the placing of times,
 * the same on any screen, and the rig's recording time would be spent
 * again.
 */
import type { Page } from '@playwright/test';
import { startFederation, type Federation, type FederationServer } from '../fixtures/federation';
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { ShellPage } from '../pages/shell-page';
import { SignInPage } from '../pages/sign-in-page';
import { ControlBarPage } from './stage/control-bar-page';
import { StagePage } from './stage/stage-page';
import { recordingProbe } from './stage/stage-recording';
import { TimelineScalePage } from './stage/timeline-scale-page';

const PASSWORD = 'clocks-Two-77';
/** South's clock ahead of the machine's: far past the 5 s warning and the few seconds checked here, and a tested offset (orchid-clocks.test.ts). */
const AHEAD_MS = 120_000;
/** How far back the past is sought: well out of the 5 s live window. */
const SEEK_BACK_MS = 20_000;
/** A live picture may lag a little; the offset would put it 120 s off. */
const PICTURE_TOLERANCE_MS = 5_000;
/** The past may start up to a GOP early and a loaded machine plays the archive a little behind (as multi-server-stage allows). */
const PAST_PICTURE_TOLERANCE_MS = 10_000;
/** The scale is drawn a frame at a time and a column is half a second wide. */
const SCALE_TOLERANCE_MS = 3_000;

let federation: Federation | undefined;
let north: FederationServer;
let south: FederationServer;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  federation = await startFederation({
    adminPassword: PASSWORD,
    recorders: [{ name: 'North' }, { name: 'South', clockOffsetSeconds: AHEAD_MS / 1000 }],
  });
  [north, south] = federation.servers as [FederationServer, FederationServer];
});

test.afterAll(async () => {
  await federation?.stop();
});

/** Where a server's camera has recorded from, on this page's clock (its recorder answers its own). */
async function recordedSincePageMs(server: FederationServer, aheadMs: number): Promise<number | undefined> {
  const probe = await recordingProbe(server.recorder.baseUrl, server.recorder.adminPassword);
  const earliest = await probe.earliestMs(server.camera.primaryStream!.id);
  return earliest === undefined ? undefined : earliest - aheadMs;
}

async function signInToStage(page: Page): Promise<void> {
  const signIn = new SignInPage(page, federation!.aggregator.baseUrl);
  await signIn.open();
  await signIn.signIn('admin', PASSWORD);
  await new ShellPage(page, federation!.aggregator.baseUrl).expectStage();
}

test('a recorder whose clock is two minutes ahead: its camera live, recorded and sought at the times this page shows', ANY_VIEWPORT, async ({ page }, testInfo) => {
  await signInToStage(page);
  const stage = new StagePage(page);
  const bar = new ControlBarPage(page);
  const scale = new TimelineScalePage(page);
  await expect(stage.bagCamera(north.camera.name)).toBeVisible({ timeout: 20_000 });
  await expect(stage.bagCamera(south.camera.name)).toBeVisible();
  await stage.dragCamera(north.camera.name, 0.5, 0.5);
  await stage.dragCamera(south.camera.name, -6, 0.5);

  // The warning names the recorder whose clock is off, and only it.
  await page.getByRole('button', { name: 'Clock difference warning' }).click();
  const skews = page.getByTestId('recorder-clock-skews').getByRole('listitem');
  await expect(skews).toHaveText([/^The clock of server South is 2 minutes ahead of the aggregator's clock\.$/]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Clock difference' })).toBeHidden();

  // Live: each picture shows the time the bar stands at (now), South's too.
  await expect(bar.time).toHaveText('Live');
  for (const server of [north, south]) {
    await stage.expectPlaying(server.camera.name);
    await expect
      .poll(() => stage.distanceFromBarMs(server.camera.name, bar), { timeout: 30_000, message: `${server.camera.name} live at now` })
      .toBeLessThan(PICTURE_TOLERANCE_MS);
  }
  await shot(page, testInfo, 'multi-server-clocks-live');

  // The timeline shows each camera recorded from when it began, on this page's clock: South's not two minutes later.
  for (const [server, aheadMs] of [
    [north, 0],
    [south, AHEAD_MS],
  ] as const) {
    const since = await recordedSincePageMs(server, aheadMs);
    expect(since, `${server.camera.name} has recorded`).toBeDefined();
    await expect
      .poll(
        async () => {
          const shown = await scale.earliestRecorded(server.camera.id);
          return shown !== undefined && shown.fromMs - SCALE_TOLERANCE_MS <= since! && since! <= shown.toMs + SCALE_TOLERANCE_MS;
        },
        { timeout: 20_000, message: `${server.camera.name}'s recording shown from ${new Date(since!).toISOString()}` },
      )
      .toBe(true);
  }

  // The past: once both have recorded since before it, the master goes back; each picture shows the time sought.
  await expect
    .poll(
      async () => {
        const since = await Promise.all([recordedSincePageMs(north, 0), recordedSincePageMs(south, AHEAD_MS)]);
        return since.every((ms) => ms !== undefined && ms <= Date.now() - SEEK_BACK_MS - 5_000);
      },
      { timeout: 90_000, intervals: [2_000], message: 'both cameras recorded long enough' },
    )
    .toBe(true);
  await bar.seekTo(Date.now() - SEEK_BACK_MS);
  expect(await bar.shownTime()).not.toBe('live');
  for (const server of [south, north]) {
    await expect
      .poll(() => stage.distanceFromBarMs(server.camera.name, bar), { timeout: 30_000, message: `${server.camera.name} shows the time sought` })
      .toBeLessThan(PAST_PICTURE_TOLERANCE_MS);
  }
  await shot(page, testInfo, 'multi-server-clocks-past');
});
