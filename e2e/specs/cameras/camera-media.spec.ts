/**
 * The motion-detection and dewarp dialogs end to end, against the e2e
 * recorder and the first camera of the worker's stage rig (the `stageRig`
 * fixture, which this file may be the first to ask for, so the rig then
 * records during the files after it): a mask drawn with the
 * mouse over the camera picture is saved as the recorder's mask and cleared
 * again; the object size is checked and saved; dewarp enabled in its dialog
 * makes the camera's stage tile a perspective view. The camera is left
 * as found: no mask, the default object size, no dewarp settings. On a
 * phone the mask is painted with a finger.
 * Screenshots go to $ARGUS_SHOTS_DIR when set.
 */
import type { Camera } from '../../../server/shared/api';
import { shot } from '../../fixtures/shots';
import { expect, signInAsAdminBeforeEach, test } from '../../fixtures/test';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { StagePage } from '../stage/stage-page';
import { CameraMediaDialogs, RecorderApi } from './camera-media-dialogs';

test.describe.configure({ timeout: 120_000 });

let api: RecorderApi;
let camera: Camera;

test.beforeAll(async ({ stageRig }) => {
  camera = stageRig.cameras[0]!;
  api = await RecorderApi.signIn(recorderBaseUrl(), adminPassword());
});

test.afterAll(async () => {
  if (camera && api) {
    const streamId = camera.primaryStream!.id;
    await api.call('DELETE', `/service/cameras/${camera.id}/streams/${streamId}/motion/mask`);
    await api.call('PATCH', `/service/cameras/${camera.id}/streams/${streamId}`, { dewarpConfiguration: null });
  }
});

signInAsAdminBeforeEach('/cameras');

test('a mask drawn over the picture is saved as the recorder’s mask, and cleared', async ({ page }, testInfo) => {
  const dialogs = new CameraMediaDialogs(page);
  const streamId = camera.primaryStream!.id;
  const maskPath = `/service/cameras/${camera.id}/streams/${streamId}/motion/mask`;
  expect((await api.call('GET', maskPath)).status).toBe(404);

  let dialog = await dialogs.openMotion(camera);
  const canvas = dialog.getByTestId('motion-mask-canvas');
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  await expect(canvas).toHaveAttribute('data-painted', 'false');
  // Brush 40 (spec default); a stroke across the road the simulated car drives on.
  await expect(dialog.getByRole('slider', { name: 'Brush size' })).toHaveValue('40');
  // A phone paints with a finger, a desktop with the mouse.
  await dialogs.paint(dialog, { x: 0.05, y: 0.72 }, { x: 0.95, y: 0.72 }, testInfo.project.name === 'mobile');
  await expect(canvas).toHaveAttribute('data-painted', 'true');
  await shot(page, testInfo, 'motion-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const stored = await api.stream(streamId);
  expect(stored.recordingConfiguration.bgseg?.motionMask?.href).toBe(maskPath);
  const reply = await api.call('GET', maskPath);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toBe('image/png');
  const png = Buffer.from(await reply.arrayBuffer());
  // Painted: opaque black on the stroke; watched: transparent away from it.
  const [onStroke, above] = await dialogs.pixels(png, [
    { x: 0.5, y: 0.72 },
    { x: 0.5, y: 0.2 },
  ]);
  expect(onStroke).toEqual({ alpha: 255, grey: 0 });
  expect(above!.alpha).toBe(0);

  // Opened again the stored mask is shown; erase a part, then clear it all and save: the mask is gone.
  dialog = await dialogs.openMotion(camera);
  await expect(dialog.getByTestId('motion-mask-canvas')).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(dialog.getByTestId('motion-mask-canvas')).toHaveAttribute('data-painted', 'false');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.call('GET', maskPath)).status).toBe(404);
  expect((await api.stream(streamId)).recordingConfiguration.bgseg?.motionMask).toBeUndefined();
});

// The number rules and what the recorder stores are the same on any screen; the phone opens this dialog in the mask test.
test('the object size is checked, made positive and saved', ANY_VIEWPORT, async ({ page }) => {
  const dialogs = new CameraMediaDialogs(page);
  const streamId = camera.primaryStream!.id;
  const dialog = await dialogs.openMotion(camera);
  await expect(dialog.getByTestId('motion-mask-canvas')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('tab', { name: 'Object size' }).click();
  const size = dialog.getByRole('spinbutton', { name: /^Object size/ });
  await expect(size).toHaveValue('5');
  await size.fill('150');
  await expect(dialog.getByText('Object size must be from 0 to 100.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await size.fill('-12');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.stream(streamId)).recordingConfiguration.bgseg?.boxArea).toBe(12);

  // Back to the default, as the shared recorder had it.
  const again = await dialogs.openMotion(camera);
  await again.getByRole('tab', { name: 'Object size' }).click();
  await expect(again.getByRole('spinbutton', { name: /^Object size/ })).toHaveValue('12');
  await again.getByRole('spinbutton', { name: /^Object size/ }).fill('5');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again).toBeHidden();
  expect((await api.stream(streamId)).recordingConfiguration.bgseg?.boxArea).toBe(5);
});

test('dewarp enabled in its dialog makes the stage tile a perspective view', async ({ page, shell }, testInfo) => {
  const dialogs = new CameraMediaDialogs(page);
  const streamId = camera.primaryStream!.id;
  const dialog = await dialogs.openDewarp(camera);
  await expect(dialog.getByTestId('dewarp-dialog')).toHaveAttribute('data-loaded', 'true');
  const zoom = dialog.getByRole('slider', { name: 'Zoom' });
  // Off: the settings cannot be changed; the defaults of spec 3 show.
  await expect(zoom).toBeDisabled();
  await expect(zoom).toHaveValue('0.5');
  await expect(dialog.getByRole('slider', { name: 'Tilt (°)' })).toHaveValue('45');
  await dialog.getByLabel('Enable dewarp').check();
  await expect(zoom).toBeEnabled();
  // The preview draws the stream's picture through the dewarp shader.
  await expect(dialog.getByTestId('dewarp-preview')).toHaveAttribute('data-preview', 'showing', { timeout: 20_000 });

  // A wall mounting changes the view limits: pan from -90 to 90.
  const pan = dialog.getByRole('slider', { name: 'Pan (°)' });
  await expect(pan).toHaveAttribute('min', '0');
  await expect(pan).toHaveAttribute('max', '360');
  await dialog.getByLabel('Orientation').selectOption('wall');
  await expect(pan).toHaveAttribute('min', '-90');
  await expect(pan).toHaveAttribute('max', '90');
  await dialog.getByLabel('Orientation').selectOption('ceiling');
  await dialog.getByRole('spinbutton', { name: 'Zoom' }).fill('1.2');
  await shot(page, testInfo, 'dewarp-dialog');
  await dialog.getByRole('tab', { name: 'Panorama' }).click();
  await expect(dialog.getByRole('slider', { name: 'Aspect ratio' })).toHaveValue('4');
  await shot(page, testInfo, 'dewarp-dialog-panorama');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const saved = (await api.stream(streamId)).dewarpConfiguration;
  expect(saved).toMatchObject({ enable: true, defaultMode: 'perspective', orientation: 'ceiling', defaultPerspectiveView: { pan: 0, tilt: 45, zoom: 1.2 } });

  // On the stage the camera's tile dewarps in perspective (the stage's default dewarp mode 1).
  await shell.goto('/stage');
  const stage = new StagePage(page);
  await stage.bagCamera(camera.name).dblclick();
  await stage.expectPlaying(camera.name);
  await expect(stage.tile(camera.name)).toHaveClass(/surface-compositor/);
  await expect(await stage.header(camera.name, 'Dewarp: Perspective')).toBeVisible();
  await shot(page, testInfo, 'dewarp-stage');

  // Dewarp off again through the dialog: the tile plays plain.
  await shell.goto('/cameras');
  const off = await dialogs.openDewarp(camera);
  await expect(off.getByTestId('dewarp-dialog')).toHaveAttribute('data-loaded', 'true');
  await off.getByLabel('Enable dewarp').uncheck();
  await off.getByRole('button', { name: 'Save' }).click();
  await expect(off).toBeHidden();
  expect((await api.stream(streamId)).dewarpConfiguration?.enable).toBe(false);
});
