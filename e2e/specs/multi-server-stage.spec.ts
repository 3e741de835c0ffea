/**
 * The stage of the multi-server edition: a real aggregator started as users
 * start it, with two demo recorders of its own (`--demo-recorders 2`), one
 * simulated camera each. An operator drags a camera of each server onto one
 * stage; both play, each from its own recorder, and the timeline plays the
 * past of both. The recorders let the aggregator's page call them (spec 7:
 * server availability decides direct or proxy routing), so the players
 * signal to them directly; with Force Orchid Proxy set in Advanced settings
 * every call goes through the aggregator's proxy instead, and the bag's
 * previews are the aggregator's own cropped camera previews.
 */
import type { Page } from '@playwright/test';
import type { OrchidsResponse } from '../../server/shared/api';
import { startAggregator, type AggregatorProcess } from '../../tests/integration/helpers/aggregator-process';
import { call, signIn as signInApi } from '../../tests/integration/helpers/recorder-process';
import { ShellPage } from '../pages/shell-page';
import { SignInPage } from '../pages/sign-in-page';
import { runningCameras } from '../fixtures/federation';
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { ControlBarPage } from './stage/control-bar-page';
import { StagePage } from './stage/stage-page';

const PASSWORD = 'agg-Stage-53';
let aggregator: AggregatorProcess | undefined;
/** Camera name per server id, renamed here so the two demo cameras can be told apart. */
const names = new Map<string, string>();
/** Each server's address. */
const uris = new Map<string, string>();

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  aggregator = await startAggregator({ adminPassword: PASSWORD, extraArgs: ['--demo-recorders', '2', '--demo-cameras', '1'] });
  const token = await signInApi(aggregator.baseUrl, 'admin', PASSWORD);
  // The demo recorders register their cameras as they start.
  const cameras = await runningCameras(aggregator.baseUrl, token, 2, (_serverId, index) => `Site ${index + 1} gate`);
  for (const camera of cameras) names.set(camera.orchidId, camera.name);
  const orchids = await call<OrchidsResponse>(aggregator.baseUrl, 'GET', '/service/orchids', { token });
  for (const orchid of orchids.body.data.orchids) uris.set(orchid.id, orchid.uri);
});

test.afterAll(async () => {
  await aggregator?.stop();
});

/** Where the page's player sockets went: '<server id> <streams/webrtc|low-bandwidth> <direct|proxy>'. */
function watchSockets(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('websocket', (socket) => {
    const url = new URL(socket.url());
    const proxied = /^\/service\/orchid-proxy-ws\/([^/]+)\/service\/(streams\/webrtc|low-bandwidth)/.exec(url.pathname);
    if (proxied) seen.add(`${decodeURIComponent(proxied[1]!)} ${proxied[2]} proxy`);
    const kind = /^\/service\/(streams\/webrtc|low-bandwidth)/.exec(url.pathname)?.[1];
    for (const [id, uri] of uris) if (kind && new URL(uri).host === url.host) seen.add(`${id} ${kind} direct`);
  });
  return seen;
}

async function signInToStage(page: Page): Promise<void> {
  const signIn = new SignInPage(page, aggregator!.baseUrl);
  const shell = new ShellPage(page, aggregator!.baseUrl);
  await signIn.open();
  await signIn.signIn('admin', PASSWORD);
  await shell.expectStage();
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
  const [[firstServer, first], [secondServer, second]] = [...names.entries()] as [[string, string], [string, string]];
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
  await page.goto(`${aggregator!.baseUrl}/#/advanced-settings`);
  const force = page.getByRole('checkbox', { name: 'Force Orchid Proxy' });
  await expect(force).not.toBeChecked();
  // The aggregator's own settings: no recorder log level here.
  await expect(page.getByLabel('Log Level')).toHaveCount(0);
  await force.check();
  await page.getByRole('button', { name: 'Save' }).click();
  // Save reloads the app at its base URL.
  await new ShellPage(page, aggregator!.baseUrl).expectStage();

  const sockets = watchSockets(page);
  // The bag's previews of a server behind the proxy: the aggregator's own preview call, cropped.
  const bagPreview = page.waitForResponse((response) => /^\/service\/orchids\/[^/]+\/cameras\/[^/]+\/preview$/.test(new URL(response.url()).pathname), {
    timeout: 30_000,
  });
  await page.reload();
  await new ShellPage(page, aggregator!.baseUrl).expectStage();
  const stage = new StagePage(page);
  const [[firstServer, first]] = [...names.entries()] as [[string, string]];
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
  await page.goto(`${aggregator!.baseUrl}/#/advanced-settings`);
  await page.getByRole('checkbox', { name: 'Force Orchid Proxy' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await new ShellPage(page, aggregator!.baseUrl).expectStage();
});
