/**
 * The stage of the multi-server edition, against one federation started as
 * users start it (e2e/fixtures/federation.ts): a real aggregator with two
 * demo recorders of its own (`--demo-recorders 2`, one simulated camera
 * each), and South, a real recorder registered by its address whose clock
 * runs two minutes ahead of the machine's (--clock-offset-seconds 120).
 * One rig for the two subjects below, because each would cost an
 * aggregator, its recorders and half a minute of recording to start again;
 * neither changes what the other reads (each test opens a fresh browser,
 * whose stage is its own, and the proxy setting is put back).
 *
 * Two servers on one stage: an operator drags a camera of each demo
 * recorder onto the stage; both play, each from its own recorder, and the
 * timeline plays the past of both. The demo recorders let the aggregator's
 * page call them (spec 7: server availability decides direct or proxy
 * routing), so the players signal to them directly; with Force Orchid Proxy
 * set in Advanced settings every call goes through the aggregator's proxy
 * instead, and the bag's previews are the aggregator's own cropped camera
 * previews.
 *
 * Per-server clocks (issue 14; spec 2 clock-skew warning, 3 'time info per
 * server', 7 times "adjusted by server time offset", 9): North (the first
 * demo recorder) on the machine's clock, South two minutes ahead. The
 * cameras keep the machine's clock, which this page shares, and burn it
 * into their pictures; South stamps its recordings with its own. A user
 * sees both cameras live at the time the bar shows, South's recordings on
 * the timeline when they were made, South's past at the time sought, and
 * the clock-difference warning naming South.
 *
 * Desktop only (ANY_VIEWPORT): what is checked is routing and the placing
 * of times, the same on any screen, and the rig's recording time would be
 * spent again.
 */
import type { Page } from '@playwright/test';
import { startFederation, type Federation, type FederationServer } from '../fixtures/federation';
import { ShellPage } from '../pages/shell-page';
import { SignInPage } from '../pages/sign-in-page';
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { ControlBarPage } from './stage/control-bar-page';
import { StagePage } from './stage/stage-page';
import { recordingProbe } from './stage/stage-recording';
import { TimelineScalePage } from './stage/timeline-scale-page';

const PASSWORD = 'agg-Stage-53';
/** South's clock ahead of the machine's: far past the 5 s warning and the few seconds checked here, and a tested offset (orchid-clocks.test.ts). */
const AHEAD_MS = 120_000;
/** How far back the clocks test seeks the past: well out of the 5 s live window. */
const SEEK_BACK_MS = 20_000;
/** A live picture may lag a little; the offset would put it 120 s off. */
const PICTURE_TOLERANCE_MS = 5_000;
/** The past may start up to a GOP early and a loaded machine plays the archive a little behind; live would be 30 s off, the offset 120 s. */
const PAST_PICTURE_TOLERANCE_MS = 10_000;
/** The scale is drawn a frame at a time and a column is half a second wide. */
const SCALE_TOLERANCE_MS = 3_000;

let federation: Federation | undefined;
/** The two demo recorders, and the recorder whose clock is ahead. */
let sites: [FederationServer, FederationServer];
/** North is the first demo recorder, on the machine's clock. */
let north: FederationServer;
let south: FederationServer;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  federation = await startFederation({
    adminPassword: PASSWORD,
    demoRecorders: 2,
    recorders: [{ name: 'South', clockOffsetSeconds: AHEAD_MS / 1000 }],
  });
  const [first, second, ahead] = federation.servers as [FederationServer, FederationServer, FederationServer];
  sites = [first, second];
  north = first;
  south = ahead;
});

test.afterAll(async () => {
  await federation?.stop();
});

function aggregatorUrl(): string {
  return federation!.aggregator.baseUrl;
}

/** Where the page's player sockets went: '<server id> <streams/webrtc|low-bandwidth> <direct|proxy>'. */
function watchSockets(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('websocket', (socket) => {
    const url = new URL(socket.url());
    const proxied = /^\/service\/orchid-proxy-ws\/([^/]+)\/service\/(streams\/webrtc|low-bandwidth)/.exec(url.pathname);
    if (proxied) seen.add(`${decodeURIComponent(proxied[1]!)} ${proxied[2]} proxy`);
    const kind = /^\/service\/(streams\/webrtc|low-bandwidth)/.exec(url.pathname)?.[1];
    for (const server of federation!.servers) if (kind && new URL(server.recorder.baseUrl).host === url.host) seen.add(`${server.id} ${kind} direct`);
  });
  return seen;
}

async function signInToStage(page: Page): Promise<void> {
  const signIn = new SignInPage(page, aggregatorUrl());
  const shell = new ShellPage(page, aggregatorUrl());
  await signIn.open();
  await signIn.signIn('admin', PASSWORD);
  await shell.expectStage();
}

/** Where a server's camera has recorded from, on this page's clock (its recorder answers its own). */
async function recordedSincePageMs(server: FederationServer, aheadMs: number): Promise<number | undefined> {
  const probe = await recordingProbe(server.recorder.baseUrl, server.recorder.adminPassword);
  const earliest = await probe.earliestMs(server.camera.primaryStream!.id);
  return earliest === undefined ? undefined : earliest - aheadMs;
}

test('cameras of two servers play side by side, each straight from its server, live and in the past', ANY_VIEWPORT, async ({ page, errors }, testInfo) => {
  // A demo recorder started a minute ago may have no recording at the time sought yet (its archive can begin
  // later than its camera runs): the low-bandwidth create is refused 'no-archive' (404), and the player counts
  // down to the recording and plays it, which is what the test then checks.
  errors.allow(/\/service\/low-bandwidth\/streams -> 404$/);
  errors.allow(/status of 404 .*\/service\/low-bandwidth\/streams/);
  const sockets = watchSockets(page);
  await signInToStage(page);

  const stage = new StagePage(page);
  const [[firstServer, first], [secondServer, second]] = sites.map((server) => [server.id, server.camera.name]) as [[string, string], [string, string]];
  await expect(stage.bagCamera(first)).toBeVisible({ timeout: 20_000 });
  await expect(stage.bagCamera(second)).toBeVisible();
  await stage.dragCamera(first, 0.5, 0.5);
  await stage.dragCamera(second, -6, 0.5);
  await stage.expectPlaying(first, 'webrtc');
  await stage.expectPlaying(second, 'webrtc');
  await stage.expectClockAdvancing(first);
  await stage.expectClockAdvancing(second);
  // Each player signalled to its own server, directly: the recorders allow the aggregator's page.
  expect(sockets).toContain(`${firstServer} streams/webrtc direct`);
  expect(sockets).toContain(`${secondServer} streams/webrtc direct`);
  await shot(page, testInfo, 'multi-server-stage');

  // Low bandwidth for the second: its pictures come from its recorder too.
  await (await stage.header(second, 'Player mode: WebRTC')).click();
  await stage.expectPlaying(second, 'lowbandwidth');
  await stage.expectClockAdvancing(second);
  expect(sockets).toContain(`${secondServer} low-bandwidth direct`);
  expect([...sockets].filter((entry) => entry.endsWith('proxy'))).toEqual([]);

  // The past of both servers: 30 s back (each recorder's archive), both tiles show it.
  const bar = new ControlBarPage(page);
  const backMs = Date.now() - 30_000;
  await bar.seekTo(backMs);
  expect(await bar.shownTime()).not.toBe('live');
  for (const name of [first, second]) {
    await expect
      .poll(() => stage.distanceFromBarMs(name, bar), { timeout: 30_000, message: `${name} shows the time sought` })
      // The picture may start up to a GOP early and a loaded machine plays the archive a little behind;
      // live would be 30 s off.
      .toBeLessThan(10_000);
  }
  await shot(page, testInfo, 'multi-server-stage-past');
});

test('Force Orchid Proxy in Advanced settings sends every player through the aggregator', ANY_VIEWPORT, async ({ page }) => {
  await signInToStage(page);
  await page.goto(`${aggregatorUrl()}/#/advanced-settings`);
  const force = page.getByRole('checkbox', { name: 'Force Orchid Proxy' });
  await expect(force).not.toBeChecked();
  // The aggregator's own settings: no recorder log level here.
  await expect(page.getByLabel('Log Level')).toHaveCount(0);
  await force.check();
  await page.getByRole('button', { name: 'Save' }).click();
  // Save reloads the app at its base URL.
  await new ShellPage(page, aggregatorUrl()).expectStage();

  const sockets = watchSockets(page);
  // The bag's previews of a server behind the proxy: the aggregator's own preview call, cropped.
  const bagPreview = page.waitForResponse((response) => /^\/service\/orchids\/[^/]+\/cameras\/[^/]+\/preview$/.test(new URL(response.url()).pathname), {
    timeout: 30_000,
  });
  await page.reload();
  await new ShellPage(page, aggregatorUrl()).expectStage();
  const stage = new StagePage(page);
  const [firstServer, first] = [sites[0].id, sites[0].camera.name];
  await expect(stage.bagCamera(first)).toBeVisible({ timeout: 20_000 });
  const preview = await bagPreview;
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toBe('image/jpeg');
  const asked = new URL(preview.url()).searchParams;
  expect(asked.get('crop')).toBe('true');
  expect(Number(asked.get('width'))).toBeGreaterThan(0);
  expect(Number(asked.get('height'))).toBeGreaterThan(0);
  if ((await stage.tiles.count()) === 0) await stage.dragCamera(first, 0.5, 0.5);
  await stage.expectPlaying(first, 'webrtc');
  await stage.expectClockAdvancing(first);
  expect(sockets).toContain(`${firstServer} streams/webrtc proxy`);
  expect([...sockets].filter((entry) => entry.endsWith('direct'))).toEqual([]);

  // Back as it was, for the aggregator and for this screen.
  await page.goto(`${aggregatorUrl()}/#/advanced-settings`);
  await page.getByRole('checkbox', { name: 'Force Orchid Proxy' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await new ShellPage(page, aggregatorUrl()).expectStage();
});

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
  // Each on its own track, in the stage's order (North's tile first).
  for (const [server, aheadMs, index] of [
    [north, 0, 0],
    [south, AHEAD_MS, 1],
  ] as const) {
    const since = await recordedSincePageMs(server, aheadMs);
    expect(since, `${server.camera.name} has recorded`).toBeDefined();
    await expect
      .poll(
        async () => {
          const shown = await scale.earliestRecorded(server.camera.id, { index, count: 2 });
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
