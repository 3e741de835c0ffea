/**
 * A tile's statistics pane against the real recorder and a simulated
 * camera: on WebRTC it shows the stream's own resolution (the recorder
 * passes the camera's H.264 through), a frame rate, a bit rate, packet loss
 * and the ICE candidate pair in use; on low bandwidth the picture size the
 * tile asked for, a bit rate, and '-' for what only WebRTC has. The figures
 * are refreshed while the pane is open.
 */
import type { Locator } from '@playwright/test';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';

test.describe.configure({ timeout: 120_000 });

const suite = stageSuite();

const CANDIDATE = /^(host|srflx|prflx|relay) \S+:\d{1,5}$/;
/** Pictures flowing: at least a kilobit a second. */
const BIT_RATE = /^\d+(\.\d)? (kbit|Mbit)\/s$/;

/** The value cell of a row of the statistics table. */
const figure = (stats: Locator, name: string): Locator => stats.getByRole('row', { name: new RegExp(`^${name} `) }).getByRole('cell');

test('the statistics of a playing tile: resolution, rates and the ICE candidate pair on WebRTC; the picture size on low bandwidth', ANY_VIEWPORT, async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const camera = suite.cameras[0]!;
  const resolution = camera.streams.find((stream) => stream.id === camera.primaryStream?.id)?.configuration.Video?.Resolution;
  expect(resolution).toMatch(/^\d+x\d+$/);
  await stage.bagCamera(suite.first).dblclick();
  await stage.expectPlaying(suite.first);
  if ((await stage.tile(suite.first).getAttribute('data-player-type')) !== 'webrtc') await stage.tileAction(suite.first, 'Player mode: Low bandwidth');
  await stage.expectPlaying(suite.first, 'webrtc');

  await stage.tileAction(suite.first, 'Statistics');
  const stats = stage.tile(suite.first).getByRole('table', { name: 'Statistics' });
  await expect(stats).toBeVisible();
  await expect(figure(stats, 'Player')).toHaveText('WebRTC');
  await expect(figure(stats, 'Resolution')).toHaveText(resolution!, { timeout: 15_000 });
  await expect(figure(stats, 'Frame rate')).toHaveText(/^\d+\.\d fps$/);
  await expect(figure(stats, 'Bit rate')).toHaveText(BIT_RATE);
  await expect(figure(stats, 'Packet loss')).toHaveText(/^\d+\.\d%$/);
  await expect(figure(stats, 'Decode errors')).toHaveText(/^\d+$/);
  await expect(figure(stats, 'Local candidate')).toHaveText(CANDIDATE);
  await expect(figure(stats, 'Remote candidate')).toHaveText(CANDIDATE);
  // Refreshed while open: more has been received on a later look.
  const received = await figure(stats, 'Received').textContent();
  await expect(figure(stats, 'Received')).not.toHaveText(received!, { timeout: 15_000 });
  await shot(page, testInfo, 'tile-stats-webrtc');

  // Low bandwidth: the pictures the tile asked for, and nothing of packets or ICE.
  await stage.tileAction(suite.first, 'Player mode: WebRTC');
  await stage.expectPlaying(suite.first, 'lowbandwidth');
  await expect(figure(stats, 'Player')).toHaveText('Low bandwidth');
  await expect(figure(stats, 'Resolution')).toHaveText(/^\d+x\d+$/);
  await expect(figure(stats, 'Bit rate')).toHaveText(BIT_RATE, { timeout: 15_000 });
  await expect(figure(stats, 'Packet loss')).toHaveText('-');
  await expect(figure(stats, 'Local candidate')).toHaveText('-');
  await expect(figure(stats, 'Remote candidate')).toHaveText('-');
  await shot(page, testInfo, 'tile-stats-low-bandwidth');
});
