/**
 * PTZ from the stage (spec 2 "Player", 5, 6, 8, 9), against the first
 * camera of the stage rig: a real ONVIF PTZ simulator whose picture moves.
 * Holding a direction moves the picture and letting go stops the camera
 * (its ONVIF status says idle, the picture holds still); leaving the
 * button while still pressed stops it too. A preset saved here, after a
 * click on the picture moved the camera away, brings back the saved view;
 * names are checked in the dialog, a refused save shows the recorder's
 * reason, rename and delete work, and new is disabled at the camera's
 * limit. A Viewer sees the presets but cannot move the camera or change
 * them.
 *
 * The simulator's moving object is off for this file (only PTZ changes the
 * picture) and the camera returns to its start view, without the presets
 * made here, for the files after this one.
 */
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera, PtzPreset, PtzPresetsResponse } from '../../../server/shared/api';
import { MESSAGES } from '../../../server/shared/validation';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';
import { AdminApi } from '../../recorder-api';
import { CameraPtz } from './ptz-camera';
import { pictureDifference, PtzTilePage } from './ptz-tile-page';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';

test.describe.configure({ timeout: 180_000 });

// Signed in as admin on the stage before each test; the cameras are the rig's.
stageSuite();

/** Mean gray difference of two looks at a still picture (video coding noise) stays under this... */
const STILL = 2;
/** ...and a picture the camera moved differs by more than this. */
const MOVED = 5;
/** How far (ONVIF generic units) a held button turns or zooms the camera before the test lets go: a clear change, far from the end of the range. */
const PAN_STEP = 0.15;
const ZOOM_STEP = 0.08;

let api: AdminApi;
let camera: Camera;
let sim: CameraSim;
let ptz: CameraPtz;
let startPreset: PtzPreset;

const presetsPath = () => `/service/cameras/${camera.id}/position/presets`;

test.beforeAll(async ({ stageRig }) => {
  api = await AdminApi.signIn();
  camera = stageRig.cameras[0]!;
  sim = stageRig.sim;
  await sim.setMotion(false, 0);
  ptz = await CameraPtz.connect(sim.cameras[0]!);
  // The view the camera starts from, to return to at the end.
  startPreset = await api.call<PtzPreset>('POST', presetsPath(), { name: 'Start view' });
});

test.afterAll(async () => {
  await api.call('POST', `${presetsPath()}/${startPreset.token}`);
  await expect.poll(async () => (await ptz.status()).moving, { timeout: 30_000 }).toBe(false);
  const { presets } = await api.call<PtzPresetsResponse>('GET', presetsPath());
  for (const preset of presets) await api.call('DELETE', `${presetsPath()}/${preset.token}`);
  await sim.setMotion(true, 0);
});

async function openPtz(stage: StagePage): Promise<PtzTilePage> {
  await stage.bagCamera(camera.name).dblclick();
  await stage.expectPlaying(camera.name);
  await stage.tileAction(camera.name, 'PTZ controls');
  return new PtzTilePage(stage.page, stage.tile(camera.name));
}

// The press and its release are the mouse's on both projects (a finger's hold is not sent here), and the subject is
// the camera's movement: the phone keeps the presets test, which has a phone layout of the pane.
test('holding a direction moves the picture; letting go, or leaving the button, stops the camera', ANY_VIEWPORT, async ({ page }) => {
  const stage = new StagePage(page);
  const tile = await openPtz(stage);
  await expect(tile.button('Pan right')).toBeVisible();
  await expect(tile.button('Zoom in')).toBeVisible();
  // Far to the left first, so the pan to the right has most of its range ahead: a stop that is slow
  // to arrive on a loaded machine still lands part way, never at the end of the range.
  await api.call('POST', `/service/cameras/${camera.id}/position`, { x: -0.7, y: 0, z: 0, type: 'relative' });
  await expect.poll(async () => (await ptz.status()).moving, { timeout: 15_000 }).toBe(false);
  const start = await ptz.status();
  const before = await tile.stillPicture(STILL);

  // Held until the camera has turned a little, then let go.
  await tile.press('Pan right');
  await expect.poll(async () => (await ptz.status()).pan, { timeout: 30_000, intervals: [100] }).toBeGreaterThan(start.pan + PAN_STEP);
  await page.mouse.up();
  // Stopped by the release, not by the end of the pan range: idle part way...
  await expect.poll(async () => (await ptz.status()).moving, { timeout: 15_000 }).toBe(false);
  const stopped = await ptz.status();
  expect(stopped.pan).toBeLessThan(1);
  // ...and the tile shows the turned view, which then holds still.
  const panned = await tile.stillPicture(STILL);
  expect(pictureDifference(before, panned)).toBeGreaterThan(MOVED);
  expect(pictureDifference(panned, await tile.picture())).toBeLessThan(STILL);
  expect((await ptz.status()).pan).toBe(stopped.pan);

  // Pressed, then the pointer slides off the button with the mouse still down: the camera stops.
  await tile.press('Zoom in');
  await expect.poll(async () => (await ptz.status()).zoom, { timeout: 30_000, intervals: [100] }).toBeGreaterThan(stopped.zoom + ZOOM_STEP);
  const media = (await tile.media.boundingBox())!;
  await page.mouse.move(media.x + media.width * 0.6, media.y + media.height * 0.6, { steps: 4 });
  await expect.poll(async () => (await ptz.status()).moving, { timeout: 15_000 }).toBe(false);
  const zoomed = await ptz.status();
  expect(zoomed.zoom).toBeLessThan(1);
  await page.mouse.up();
  const closer = await tile.stillPicture(STILL);
  expect(pictureDifference(panned, closer)).toBeGreaterThan(MOVED);
  expect((await ptz.status()).zoom).toBe(zoomed.zoom);
});

test('a preset saved here brings the camera back to its view; names are checked, rename and delete', async ({ page, errors }, testInfo) => {
  const stage = new StagePage(page);
  const tile = await openPtz(stage);
  await expect(tile.presetNames()).toHaveText(['Start view']);
  await expect.poll(async () => (await ptz.status()).moving).toBe(false);
  const saved = await ptz.status();
  const savedPicture = await tile.stillPicture(STILL);

  // New: the name rules of the shared validation, and a name the recorder refuses (taken) shows its reason.
  await tile.button('New preset').click();
  const dialog = page.getByRole('dialog', { name: 'New preset' });
  const name = dialog.getByLabel('Preset name');
  await name.fill('x'.repeat(33));
  await expect(dialog.getByText(MESSAGES.presetNameTooLong)).toBeVisible();
  await shot(page, testInfo, 'ptz-new-preset');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await name.fill('Gate-2');
  await expect(dialog.getByText(MESSAGES.presetNameInvalid)).toBeVisible();
  await name.fill('');
  await expect(dialog.getByText(MESSAGES.presetNameRequired)).toBeVisible();
  errors.allow(/POST .*\/position\/presets -> 409$/);
  errors.allow(/status of 409 \(Conflict\) \(.*\/position\/presets\)$/);
  await name.fill('Start view');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Error creating preset:' })).toContainText("A preset named 'Start view' already exists.");

  await name.fill('Gate view');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(tile.presetNames()).toHaveText(['Gate view', 'Start view']);
  await shot(page, testInfo, 'ptz-pane');

  // Away: a click right of and below the centre of the picture (clear of the pad and the pane, on a phone
  // too) brings that point to the centre: the camera pans right and tilts down.
  const media = (await tile.media.boundingBox())!;
  await page.mouse.click(media.x + media.width * 0.75, media.y + media.height * 0.75);
  await expect.poll(async () => (await ptz.status()).pan, { timeout: 15_000 }).toBeGreaterThan(saved.pan);
  expect((await ptz.status()).tilt).toBeLessThan(saved.tilt);
  await tile.expectChangedFrom(savedPicture, MOVED);
  await expect.poll(async () => (await ptz.status()).moving, { timeout: 15_000 }).toBe(false);

  // Back: the camera is where it was and the picture as it was.
  await tile.button('Go to preset Gate view').click();
  // Polled until it is there: right after the click the camera may not have started moving yet (a loaded
  // machine), so 'not moving' alone does not mean 'arrived'.
  await expect.poll(() => ptz.status(), { timeout: 15_000 }).toEqual(saved);
  const back = await tile.stillPicture(STILL);
  expect(pictureDifference(savedPicture, back)).toBeLessThan(STILL);

  // Rename, listed by the new name; delete after confirming.
  await tile.button('Rename preset Gate view').click();
  const rename = page.getByRole('dialog', { name: 'Rename preset' });
  await expect(rename.getByLabel('Preset name')).toHaveValue('Gate view');
  await rename.getByLabel('Preset name').fill('Alley view');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(tile.presetNames()).toHaveText(['Alley view', 'Start view']);
  await tile.button('Delete preset Alley view').click();
  const confirm = page.getByRole('dialog', { name: 'Delete preset' });
  await expect(confirm).toContainText('Alley view');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(tile.presetNames()).toHaveText(['Start view']);
});

test('new preset is disabled once the camera holds its maximum', ANY_VIEWPORT, async ({ page }) => {
  const { presets, maxPresets } = await api.call<PtzPresetsResponse>('GET', presetsPath());
  const made: string[] = [];
  try {
    for (let i = presets.length; i < maxPresets; i++) made.push((await api.call<PtzPreset>('POST', presetsPath(), { name: `Fill ${i}` })).token);
    const tile = await openPtz(new StagePage(page));
    await expect(tile.presetNames()).toHaveCount(maxPresets);
    await expect(tile.presets).toContainText(`${maxPresets} of ${maxPresets}`);
    await expect(tile.button('New preset')).toBeDisabled();
    await expect(tile.presets).toContainText(`This camera holds at most ${maxPresets} presets`);
  } finally {
    for (const token of made) await api.call('DELETE', `${presetsPath()}/${token}`);
  }
});

// What a Viewer may do is the recorder's rule, shown by the same buttons on any screen.
test('a Viewer sees the presets but cannot move the camera, go to, add, rename or delete them', ANY_VIEWPORT, async ({ page, signInPage, shell, errors }, testInfo) => {
  const viewer = { username: `ptz_viewer_${Date.now().toString(36)}`, password: 'viewer-pass' };
  await api.call('POST', '/service/users', { ...viewer, role: 'Viewer' });
  // Signing out may cut short a preview picture of the bag that was on its way: its 401 is no fault here.
  errors.allow(/GET .*\/frame\?width=\d+&height=\d+.* -> 401$/);
  errors.allow(/status of 401 \(Unauthorized\) \(.*\/frame\?width=/);
  await shell.signOut();
  await signInPage.signIn(viewer.username, viewer.password);
  await shell.expectStage();
  const tile = await openPtz(new StagePage(page));
  await expect(tile.presetNames()).toHaveText(['Start view']);
  await expect(tile.presets.getByRole('button')).toHaveCount(0);
  await expect(tile.tile.getByRole('group', { name: 'Camera movement' })).toHaveCount(0);
  await expect(tile.tile.getByTestId('ptz-controls')).toHaveCount(0);
  await shot(page, testInfo, 'ptz-viewer');
});
