/**
 * Dewarp in the player, as the operator uses it: a camera set up for dewarp
 * plays in Perspective on the stage (the stage's default mode), the tile's
 * dewarp control turns it Off and the plain picture comes back, and
 * Perspective again warps it. What the tile shows is read from the screen:
 * a 32x18 grey thumbnail of the tile's picture, compared with the plain
 * picture the tile showed before dewarp was set up (mean difference per
 * pixel, 0-255). The simulated scene moves a little between looks (its
 * clock strip, the moving object), far less than the dewarp changes it.
 */
import type { Camera } from '../../../server/shared/api';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { AdminApi } from '../../recorder-api';
import { chooseDewarp, meanDifference, pictureOf } from './dewarp-stage';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';

test.describe.configure({ timeout: 120_000 });

const suite = stageSuite();

test('dewarp Perspective on a tile warps its picture, Off brings the plain picture back', async ({ page, context }, testInfo) => {
  const stage = new StagePage(page);
  const camera = suite.cameras.find((c) => c.name === suite.second)!;
  const tile = stage.tile(camera.name);
  await stage.bagCamera(camera.name).dblclick();
  await stage.expectPlaying(camera.name);
  await expect.poll(() => stage.locallySavedCameras()).toBe(1);
  const plain = await pictureOf(context, tile);

  const api = await AdminApi.signIn();
  const setDewarp = (enable: boolean) =>
    api.call<Camera>('PATCH', `/service/cameras/${camera.id}/streams/${camera.primaryStream!.id}`, { dewarpConfiguration: { enable, defaultMode: 'perspective' } });
  await setDewarp(true);
  // The stage cameras are shared by the stage spec files: the camera is a plain one again afterwards.
  try {
    await page.reload(); // the stage comes back with the camera, now read with its dewarp settings
    await stage.expectPlaying(camera.name);
    await expect(tile).toHaveClass(/surface-compositor/);
    let warped = 0;
    await expect.poll(async () => (warped = meanDifference(await pictureOf(context, tile), plain)), { timeout: 20_000 }).toBeGreaterThan(12);
    await shot(page, testInfo, 'dewarp-tile-perspective');

    await chooseDewarp(tile, 'Off');
    await expect.poll(async () => meanDifference(await pictureOf(context, tile), plain), { timeout: 20_000 }).toBeLessThan(warped / 3);
    await shot(page, testInfo, 'dewarp-tile-off');

    await chooseDewarp(tile, 'Perspective');
    await expect.poll(async () => meanDifference(await pictureOf(context, tile), plain), { timeout: 20_000 }).toBeGreaterThan(warped * 0.6);
  } finally {
    await setDewarp(false);
  }
});
