/**
 * The embeddable player on another site (spec 2 "Single player", spec 6, 7):
 * the example embedding host (examples/embed) runs on another origin
 * (127.0.0.2, the one the e2e recorder's --embed-origins names) with a key
 * made at its start; the recorder trusts that key through its trusted-issuer
 * route, as an administrator (or an aggregator) attaches one. The host's page
 * shows /player of the recorder in an iframe and posts the JWT it minted in
 * when the player asks; the player exchanges it for a session and plays a
 * camera of the stage rig. A host whose key the recorder does not trust
 * gets 'Authentication failed'. Opened on its own, the page plays for the
 * user signed in here, and says authentication failed to nobody.
 */
import type { Archive, ArchivesResponse, Camera, TrustedIssuer } from '../../server/shared/api';
import { startEmbedHost, type EmbedHost } from '../../examples/embed/embed-host';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { EmbeddedPlayerPage } from '../pages/embedded-player-page';
import { AdminApi } from '../recorder-api';
import { embedOrigin, recorderBaseUrl } from '../recorder-env';

// Serial: the tests share the recorder's one trusted issuer. Generous time: each plays video through a cross-origin frame.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let admin: AdminApi;
let camera: Camera;
let streamId: string;
let host: EmbedHost | undefined;
const embedding = new URL(embedOrigin());

/** The example host on the origin the recorder lets frame it; the recorder trusts its key when `trusted`. */
async function startHost(trusted: boolean): Promise<EmbedHost> {
  await host?.close();
  host = await startEmbedHost({
    recorderUrl: recorderBaseUrl(),
    audience: camera.orchidId,
    host: embedding.hostname,
    port: Number(embedding.port),
    tokenLifetimeS: 120,
  });
  if (trusted) {
    const issuer = await admin.call<TrustedIssuer>('PUT', '/service/trusted/issuer', { name: host.issuer, publicKey: host.publicKeyPem, url: host.origin });
    // The audience the host mints for is the one the recorder checks.
    expect(issuer.audience).toBe(camera.orchidId);
  }
  return host;
}

test.beforeAll(async ({ stageRig }) => {
  admin = await AdminApi.signIn();
  camera = stageRig.cameras[0]!;
  streamId = camera.primaryStream!.id;
});

test.afterAll(async () => {
  await host?.close();
  // The shared recorder goes back to trusting nobody (the Activation spec expects no issuer).
  await admin?.call('DELETE', '/service/trusted/issuer');
});

test('another site plays a camera in the embedded player, signed in by its token', ANY_VIEWPORT, async ({ page }) => {
  const site = await startHost(true);
  const player = new EmbeddedPlayerPage(page);
  await page.goto(site.pageUrl(streamId));
  await player.expectPlaying();
  await player.expectClockAdvancing();
  // The page heard from the player; the player plays live with its timeline and controls.
  await expect(player.hostStatus).toHaveText('ready');
  await expect(player.controlBar.getByRole('button', { name: 'Go live' })).toHaveAttribute('aria-pressed', 'true');
  await expect(player.frame.getByTestId('timeline-scale')).toBeVisible();
  // No header unless show-header asks for it.
  await expect(player.tile.getByRole('button', { name: /Player mode/ })).toHaveCount(0);
});

test('the API player arguments: low bandwidth only, header shown, timeline hidden', ANY_VIEWPORT, async ({ page }) => {
  const site = await startHost(true);
  const player = new EmbeddedPlayerPage(page);
  await page.goto(site.pageUrl(streamId, { 'disable-webrtc': '1', 'show-header': 'true', 'hide-timeline': 'true' }));
  await player.expectPlaying('lowbandwidth');
  await player.expectClockAdvancing();
  await player.tile.hover();
  // One mode left: the header shows it and offers no other.
  await expect(player.tile.getByRole('button', { name: 'Player mode: Low bandwidth' })).toBeDisabled();
  await expect(player.frame.getByTestId('timeline-scale')).toHaveCount(0);
  await expect(player.controlBar.getByRole('button', { name: 'Pause' })).toBeVisible();
});

test("a site whose key the recorder does not trust gets 'Authentication failed'", ANY_VIEWPORT, async ({ page, errors }) => {
  // The refusal itself: the 401 of GET /service/identity (its response and the browser's console line).
  errors.allow(/\/service\/identity\?jwt=/);
  const stranger = await startHost(false);
  const player = new EmbeddedPlayerPage(page);
  await page.goto(stranger.pageUrl(streamId));
  await expect(player.error('Authentication failed')).toBeVisible({ timeout: 20_000 });
  await expect(player.tile).toHaveCount(0);
  await expect(player.hostStatus).toHaveText('error: authentication-failed');
});

test('opened on its own, it wants a signed-in user, plays for one, and knows no other server', ANY_VIEWPORT, async ({ page, baseUrl, signInPage, shell, admin: credentials }) => {
  const playerUrl = `${baseUrl}/#/player?single-player=${encodeURIComponent(streamId)}&single-player-orchid=${encodeURIComponent(camera.orchidId)}`;
  await page.goto(playerUrl);
  await expect(page.getByRole('alert').getByRole('heading', { name: 'Authentication failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await signInPage.open();
  await signInPage.signIn(credentials.username, credentials.password);
  await shell.expectStage();
  await page.goto(playerUrl);
  await expect(page.getByTestId('player-tile')).toHaveAttribute('data-source', 'playing', { timeout: 30_000 });
  // Another server's id is not this one.
  await page.goto(playerUrl.replace(encodeURIComponent(camera.orchidId), 'another-server'));
  await expect(page.getByRole('alert').getByRole('heading', { name: 'No access to the server' })).toBeVisible();
});

test('start-time plays the recording from then, not live', ANY_VIEWPORT, async ({ page }) => {
  // The rig may have started recording just now: this test waits for 40 s of it, and so comes last, after
  // the tests that need no recording.
  test.setTimeout(240_000);
  const site = await startHost(true);
  // A moment of the camera's recording at least 20 s back, so live cannot be mistaken for it, inside a
  // segment that goes on for 25 s more: a recording that starts with a short run (the recorder restarted
  // its ingest under load) has a gap after it, and crossing gaps is not what this test is about.
  let chosen: Archive | undefined;
  await expect
    .poll(
      async () => {
        const { archives } = (await admin.call<ArchivesResponse>('GET', `/service/archives?streamId=${encodeURIComponent(streamId)}&start=0&take=20`)).data;
        chosen = archives.find((archive) => archive.end - archive.start >= 30_000 && Date.now() - archive.start > 40_000);
        return chosen !== undefined;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const startMs = chosen!.start + 5_000;
  const player = new EmbeddedPlayerPage(page);
  await page.goto(site.pageUrl(streamId, { 'start-time': String(startMs) }));
  await player.expectPlaying();
  const shownMs = await player.expectClockAdvancing();
  expect(shownMs).toBeGreaterThanOrEqual(startMs - 2_000);
  expect(shownMs).toBeLessThan(Date.now() - 15_000);
  await expect(player.controlBar.getByRole('button', { name: 'Go live' })).toHaveAttribute('aria-pressed', 'false');
});
