/**
 * A camera's sound on the stage, end to end: the stage rig's simulated
 * cameras send G.711 µ-law (a beep every second), the recorder relays it to
 * each live WebRTC tile, and the tile's volume control (spec 2, 9: muted by
 * default, then 50 %, 100 %, muted) decides whether it plays. What the
 * browser received is read from the tile's own peer connection
 * (RTCPeerConnection.getStats, inbound-rtp of kind audio): the page's peer
 * connections are noted by an init script of this test, the product has no
 * hook for it. Chromium here plays to a null sink; the receiver still counts
 * the packets and the energy of what it played out.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';

// Two tiles starting, then several looks at what they receive: longer than most on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const suite = stageSuite();

interface TileSound {
  /** The <audio> element's state. */
  paused: boolean;
  muted: boolean;
  volume: number;
  /** The receiver of the track it plays; null before the track arrived. */
  received: { packets: number; bytes: number; energy: number } | null;
}

/** The tile's <audio> and what the peer connection that feeds it has received. */
function tileSound(tile: Locator): Promise<TileSound> {
  return tile.getByTestId('tile-audio').evaluate(async (element: HTMLAudioElement) => {
    const state = { paused: element.paused, muted: element.muted, volume: element.volume, received: null as TileSound['received'] };
    const track = element.srcObject instanceof MediaStream ? element.srcObject.getAudioTracks()[0] : undefined;
    const peers = (window as unknown as { e2ePeers?: RTCPeerConnection[] }).e2ePeers ?? [];
    const peer = track && peers.find((pc) => pc.connectionState !== 'closed' && pc.getReceivers().some((receiver) => receiver.track === track));
    if (!track || !peer) return state;
    (await peer.getStats(track)).forEach((entry: Record<string, unknown>) => {
      if (entry.type === 'inbound-rtp' && entry.kind === 'audio') {
        state.received = { packets: Number(entry.packetsReceived ?? 0), bytes: Number(entry.bytesReceived ?? 0), energy: Number(entry.totalAudioEnergy ?? 0) };
      }
    });
    return state;
  });
}

/** Waits until the tile's receiver has counted more sound bytes than it had (and, when playing, played more out). */
async function expectSoundFlowing(tile: Locator, playedOut: boolean): Promise<void> {
  let before: TileSound['received'] = null;
  await expect.poll(async () => (before = (await tileSound(tile)).received) !== null && before.bytes > 0, { timeout: 20_000 }).toBe(true);
  await expect
    .poll(
      async () => {
        const now = (await tileSound(tile)).received!;
        return now.bytes > before!.bytes && now.packets > before!.packets && (!playedOut || now.energy > before!.energy);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

test.beforeEach(async ({ page }) => {
  // Note every peer connection the page makes, so the test can ask the tile's for its statistics.
  await page.addInitScript(() => {
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { e2ePeers: RTCPeerConnection[] }).e2ePeers = peers;
    window.RTCPeerConnection = new Proxy(window.RTCPeerConnection, {
      construct(target, args: ConstructorParameters<typeof RTCPeerConnection>) {
        const peer = new target(...args);
        peers.push(peer);
        return peer;
      },
    });
  });
  await page.reload();
});

test('a WebRTC tile plays its camera’s sound at the tile’s volume; full screen mutes the other tile', ANY_VIEWPORT, async ({ page }) => {
  const stage = new StagePage(page);
  for (const camera of [suite.first, suite.second]) await stage.bagCamera(camera).dblclick();
  await expect(stage.tiles).toHaveCount(2);
  for (const camera of [suite.first, suite.second]) {
    await stage.expectPlaying(camera);
    if ((await stage.tile(camera).getAttribute('data-player-type')) !== 'webrtc') await stage.tileAction(camera, 'Player mode: Low bandwidth');
    await stage.expectPlaying(camera, 'webrtc');
  }
  // By camera id: a tile another one's full screen hides leaves the accessibility tree, not the page.
  const tileOf = (index: number) => page.locator(`[data-testid="player-tile"][data-camera-id="${suite.cameras[index]!.id}"]`);
  const first = tileOf(0);
  const second = tileOf(1);

  // Muted by default: the sound arrives, nothing plays it.
  await expectSoundFlowing(first, false);
  expect(await tileSound(first)).toMatchObject({ muted: true, paused: true });

  // Raised to 50 %: the tile plays the sound it keeps receiving.
  await stage.tileAction(suite.first, 'Volume: muted');
  await stage.expectTileAction(suite.first, 'Volume: 50%');
  await expect.poll(async () => tileSound(first)).toMatchObject({ muted: false, paused: false, volume: 0.5 });
  await expectSoundFlowing(first, true);

  // The other tile at 100 %.
  await stage.tileAction(suite.second, 'Volume: muted');
  await stage.tileAction(suite.second, 'Volume: 50%');
  await expect.poll(async () => tileSound(second)).toMatchObject({ muted: false, paused: false, volume: 1 });
  await expectSoundFlowing(second, true);

  // Full screen of the first: the second falls silent, the first plays on; back, both play.
  await stage.tileAction(suite.first, 'Full screen');
  await expect(second).toBeHidden();
  await expect.poll(async () => tileSound(second)).toMatchObject({ muted: true, paused: true });
  expect(await tileSound(first)).toMatchObject({ muted: false, paused: false, volume: 0.5 });
  await expectSoundFlowing(first, true);
  await stage.tileAction(suite.first, 'Exit full screen');
  await expect(second).toBeVisible();
  await expect.poll(async () => tileSound(second)).toMatchObject({ muted: false, paused: false, volume: 1 });

  // Once round the cycle: muted again.
  await stage.tileAction(suite.first, 'Volume: 50%');
  await stage.tileAction(suite.first, 'Volume: 100%');
  await expect.poll(async () => tileSound(first)).toMatchObject({ muted: true, paused: true });
});
