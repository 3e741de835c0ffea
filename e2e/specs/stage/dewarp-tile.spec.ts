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
import type { BrowserContext, Locator } from '@playwright/test';
import type { Camera } from '../../../server/shared/api';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { AdminApi } from '../../recorder-api';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';

test.describe.configure({ timeout: 120_000 });

const suite = stageSuite();

const THUMB_W = 32;
const THUMB_H = 18;

/** The tile's picture as a grey thumbnail, decoded in a blank page of the same browser (the app's page keeps its CSP). */
async function pictureOf(context: BrowserContext, tile: Locator): Promise<number[]> {
  await tile.page().mouse.move(0, 0); // the header shows while the pointer is over the tile
  const png = await tile.locator('.tile-media').screenshot();
  const scratch = await context.newPage();
  try {
    return await scratch.evaluate(
      async ({ base64, w, h }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(w, h);
        const context2d = canvas.getContext('2d')!;
        context2d.drawImage(bitmap, 0, 0, w, h);
        const { data } = context2d.getImageData(0, 0, w, h);
        const grey: number[] = [];
        for (let i = 0; i < data.length; i += 4) grey.push((data[i]! + data[i + 1]! + data[i + 2]!) / 3);
        return grey;
      },
      { base64: png.toString('base64'), w: THUMB_W, h: THUMB_H },
    );
  } finally {
    await scratch.close();
  }
}

function meanDifference(a: number[], b: number[]): number {
  return a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
}

/** Picks a dewarp mode from the tile's header, or from its "More actions" menu where the header has no room (a phone). */
async function chooseDewarp(stage: StagePage, name: string, mode: 'Off' | 'Perspective'): Promise<void> {
  const button = await stage.header(name, /^Dewarp: /);
  if (await button.isVisible()) await button.click();
  else await (await stage.header(name, 'More actions')).click();
  await stage.page.getByRole('menuitem', { name: mode, exact: true }).click();
}

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

    await chooseDewarp(stage, camera.name, 'Off');
    await expect.poll(async () => meanDifference(await pictureOf(context, tile), plain), { timeout: 20_000 }).toBeLessThan(warped / 3);
    await shot(page, testInfo, 'dewarp-tile-off');

    await chooseDewarp(stage, camera.name, 'Perspective');
    await expect.poll(async () => meanDifference(await pictureOf(context, tile), plain), { timeout: 20_000 }).toBeGreaterThan(warped * 0.6);
  } finally {
    await setDewarp(false);
  }
});
