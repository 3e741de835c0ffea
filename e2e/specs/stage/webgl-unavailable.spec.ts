/**
 * A browser that cannot dewarp (spec 8 dewarpIncompatibleError): this file's
 * Chromium runs with no GPU and no software rasteriser, as a machine whose
 * video card is blocked, so WebGL is missing in the page and in workers and
 * the stage's compositor really fails to start. (`--disable-3d-apis` would
 * not do: it leaves WebGL on OffscreenCanvas in workers.) A camera set up for dewarp, put on the
 * stage (which dewarps it in Perspective by default), then plays its plain
 * picture, the alert says dewarp is not available, and the tile's dewarp
 * is Off, also after a reload. The browser's launch options differ from the
 * other files', so Playwright gives this file its own browser; it registers
 * its own camera rather than the shared stage rig's.
 */
import type { Camera } from '../../../server/shared/api';
import { shot } from '../../fixtures/shots';
import { expect, signInAsAdminBeforeEach, test } from '../../fixtures/test';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';
import { AdminApi } from '../../recorder-api';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/chromium';
import { registerStageCameras, type StageCameras } from './stage-cameras';
import { StagePage } from './stage-page';

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-software-rasterizer'] } });
test.describe.configure({ timeout: 120_000 });

let rig: StageCameras | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  rig = await registerStageCameras(recorderBaseUrl(), adminPassword(), 1);
  const camera = rig.cameras[0]!;
  const api = await AdminApi.signIn();
  await api.call<Camera>('PATCH', `/service/cameras/${camera.id}/streams/${camera.primaryStream!.id}`, {
    dewarpConfiguration: { enable: true, defaultMode: 'perspective' },
  });
});
test.afterAll(async () => {
  await rig?.stop();
});

signInAsAdminBeforeEach();

test('without WebGL the stage turns dewarp off, says so, and plays the plain picture', ANY_VIEWPORT, async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  const camera = rig!.cameras[0]!;
  await stage.bagCamera(camera.name).dblclick();

  const alert = page.getByRole('dialog', { name: 'Dewarp is not available' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('Dewarp has been turned off');
  await shot(page, testInfo, 'dewarp-incompatible');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();

  await stage.expectPlaying(camera.name);
  await expect(stage.tile(camera.name)).not.toHaveClass(/surface-compositor/);
  await stage.expectMovingVideo(camera.name);
  await expect(await stage.header(camera.name, /^Dewarp: /)).toHaveAccessibleName('Dewarp: Off');

  // The stage keeps the tile's dewarp Off: after a reload it plays plain at once, with no alert.
  await page.reload();
  await stage.expectPlaying(camera.name);
  await expect(await stage.header(camera.name, /^Dewarp: /)).toHaveAccessibleName('Dewarp: Off');
  await expect(alert).toBeHidden();
});
