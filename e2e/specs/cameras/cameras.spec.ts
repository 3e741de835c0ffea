/**
 * Camera administration (spec 2 "Camera configuration", 4 "Bulk
 * registration", 8 "Cameras") against the real recorder and real simulated
 * ONVIF cameras that are not registered, so discovery finds them: two
 * simulators of its own for this file, on free ports (A: three cameras with
 * the usual password, B: one camera with another password). Every camera
 * this file registers is deleted again, through the screen, and in afterAll
 * through the API should a test stop half-way: other specs share the
 * recorder.
 */
import type { Page } from '@playwright/test';
import { startCameraSim, type CameraSim, type SimCamera } from '../../../server/camera-sim/camera-sim';
import type { Camera, CamerasResponse } from '../../../server/shared/api';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { StagePage } from '../stage/stage-page';
import { CamerasPage } from './cameras-page';

const PASSWORD_A = 'camera-pass';
const PASSWORD_B = 'other-pass';

async function startSim(count: number, password: string): Promise<CameraSim> {
  for (let attempt = 0; ; attempt++) {
    const basePort = 45_000 + Math.floor(Math.random() * 1500) * 10;
    try {
      return await startCameraSim({ count, basePort, password, motion: false });
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

async function adminToken(baseUrl: string): Promise<string> {
  const reply = await fetch(`${baseUrl}/service/sessions/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword(), cookie: 'session', type: 'user' }),
  });
  return ((await reply.json()) as { token: string }).token;
}

/** Cameras on the recorder that belong to the given simulated cameras (by their device service URL). */
async function camerasOf(sims: readonly SimCamera[]): Promise<Camera[]> {
  const baseUrl = recorderBaseUrl();
  const token = await adminToken(baseUrl);
  const reply = await fetch(`${baseUrl}/service/cameras`, { headers: { authorization: `Bearer ${token}` } });
  const urls = sims.map((sim) => sim.onvifUrl);
  return ((await reply.json()) as CamerasResponse).data.cameras.filter((camera) => urls.includes(camera.configuration.BaseUri));
}

const address = (camera: SimCamera) => `127.0.0.1:${camera.discoveryPort}`;

let simA: CameraSim;
let simB: CameraSim;
let all: SimCamera[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  simA = await startSim(3, PASSWORD_A);
  simB = await startSim(1, PASSWORD_B);
  all = [...simA.cameras, ...simB.cameras];
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  const baseUrl = recorderBaseUrl();
  const token = await adminToken(baseUrl);
  for (const camera of await camerasOf(all)) {
    await fetch(`${baseUrl}/service/cameras/${camera.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
  await Promise.all([simA?.stop(), simB?.stop()]);
});

async function openCameras(page: Page, signIn: () => Promise<void>, go: () => Promise<void>): Promise<CamerasPage> {
  await signIn();
  await go();
  const cameras = new CamerasPage(page);
  await cameras.expectLoaded();
  return cameras;
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('discovers the simulated cameras and registers three, one at a time with progress', async ({ page, admin, signInPage, shell }, testInfo) => {
  test.setTimeout(120_000);
  const screen = await openCameras(page, async () => {
    await signInPage.open();
    await signInPage.signIn(admin.username, admin.password);
    await shell.expectStage();
  }, () => shell.openFromNav('Cameras'));
  await shot(page, testInfo, 'cameras-before');

  await screen.openAddDialog();
  await screen.discover(simA.cameras.map(address));
  for (const camera of simA.cameras) {
    const row = screen.discoveredRow(camera.onvifUrl);
    await expect(row).toContainText(`Argus_${camera.name}`); // the URL-encoded name shown decoded
    await expect(row).toContainText('Not registered');
    await expect(row.getByRole('checkbox')).toBeChecked();
  }
  await screen.setCredentials('admin', PASSWORD_A);
  await shot(page, testInfo, 'cameras-add-auto');
  await screen.dialog.getByRole('button', { name: 'Register 3 cameras' }).click();
  // Progress as count of total while the cameras register one after another.
  await expect(screen.dialog.getByTestId('registration-progress')).toHaveText(/^Registering [0-2] of 3$/);
  await expect(screen.dialog.getByText('Registering…')).toHaveCount(1);

  // All succeeded: the dialog closes and the list says what was registered, with the link to undo it.
  await expect(screen.dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('registration-completion')).toHaveText('3 cameras registered.');
  for (const camera of simA.cameras) await expect(screen.card(`Argus_${camera.name}`)).toBeVisible();
  expect((await camerasOf(simA.cameras)).length).toBe(3);
  await expect(screen.stats).toContainText(/\d+ cameras?/);
  await screen.card('Argus_cam1').getByRole('button', { name: 'Show the streams of Argus_cam1' }).click();
  await expect(screen.card('Argus_cam1').locator('.camera-card-streams')).toBeVisible();
  await shot(page, testInfo, 'cameras-list');

  await page.getByRole('button', { name: 'Remove the 3 cameras just registered' }).click();
  await expect(page.getByText('The 3 cameras just registered were removed.')).toBeVisible();
  for (const camera of simA.cameras) await expect(screen.card(`Argus_${camera.name}`)).toHaveCount(0);
  expect(await camerasOf(simA.cameras)).toEqual([]);
});

test("a wrong password shows that camera's error, and retrying the failed one after fixing it succeeds", async ({
  page,
  admin,
  signInPage,
  shell,
  errors,
}, testInfo) => {
  test.setTimeout(120_000);
  errors.allow(/\/service\/cameras -> 422$/);
  errors.allow(/status of 422/);
  const screen = await openCameras(page, async () => {
    await signInPage.open();
    await signInPage.signIn(admin.username, admin.password);
    await shell.expectStage();
  }, () => shell.openFromNav('Cameras'));
  const good = simA.cameras[1]!;
  const locked = simB.cameras[0]!;

  await screen.openAddDialog();
  await screen.discover([address(simA.cameras[0]!), address(good), address(locked)]);
  await expect(screen.discoveredRow(locked.onvifUrl)).toBeVisible();
  await expect(screen.discoveredRow(simA.cameras[0]!.onvifUrl)).toBeVisible();
  await screen.discoveredRow(simA.cameras[0]!.onvifUrl).getByRole('checkbox').uncheck();
  await screen.setCredentials('admin', PASSWORD_A);
  await screen.dialog.getByRole('button', { name: 'Register 2 cameras' }).click();

  const lockedRow = screen.discoveredRow(locked.onvifUrl);
  await expect(lockedRow).toContainText('Failed', { timeout: 60_000 });
  await expect(lockedRow).toContainText('camera-authentication-failed:');
  await expect(screen.discoveredRow(good.onvifUrl)).toContainText('Registered');
  await expect(screen.dialog.getByTestId('registration-errors')).toContainText(`Argus_${locked.name}: camera-authentication-failed:`);
  await expect(screen.dialog.getByTestId('registration-completion')).toHaveText('1 camera registered.');
  await shot(page, testInfo, 'cameras-add-failed');

  await screen.panel.getByLabel('Password', { exact: true }).fill(PASSWORD_B);
  await screen.dialog.getByRole('button', { name: 'Retry failed' }).click();
  await expect(screen.dialog).toBeHidden({ timeout: 60_000 });
  // Both cameras are registered, and only two: the retry did not register the good one twice.
  await expect(page.getByTestId('registration-completion')).toHaveText('2 cameras registered.');
  const registered = await camerasOf([good, locked]);
  expect(registered.map((camera) => camera.configuration.BaseUri).sort()).toEqual([good.onvifUrl, locked.onvifUrl].sort());
});

test("edits a camera's name", async ({ page, admin, signInPage, shell }) => {
  const screen = await openCameras(page, async () => {
    await signInPage.open();
    await signInPage.signIn(admin.username, admin.password);
    await shell.expectStage();
  }, () => shell.openFromNav('Cameras'));
  const before = `Argus_${simA.cameras[1]!.name}`;
  await screen.cardAction(before, 'Edit name');
  const name = screen.dialog.getByLabel('Name', { exact: true });
  await name.fill('');
  await name.blur();
  await expect(screen.dialog.getByText('Camera name is required.')).toBeVisible();
  await expect(screen.dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await name.fill('Loading dock');
  await screen.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(screen.dialog).toBeHidden();
  await expect(screen.card('Loading dock')).toBeVisible();
  await expect(screen.card(before)).toHaveCount(0);
  const [renamed] = await camerasOf([simA.cameras[1]!]);
  expect(renamed?.name).toBe('Loading dock');
});

test('deletes two selected cameras: they leave the list and the stage bag', async ({ page, admin, signInPage, shell }, testInfo) => {
  test.setTimeout(120_000);
  const names = ['Loading dock', `Argus_${simB.cameras[0]!.name}`];
  // The bag shows a preview of each camera: wait until both record, as the stage tests do.
  await expect
    .poll(async () => (await camerasOf(all)).filter((camera) => camera.primaryStream?.status.streamState === 'running').length, { timeout: 90_000 })
    .toBe(2);
  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  const stage = new StagePage(page);
  const expandBag = page.getByRole('button', { name: 'Expand panel' });
  if (await expandBag.isVisible()) await expandBag.click();
  for (const name of names) await expect(stage.bagCamera(name)).toHaveCount(1);

  await shell.openFromNav('Cameras');
  const screen = new CamerasPage(page);
  await screen.expectLoaded();
  for (const name of names) await screen.select(name);
  await expect(screen.deleteSelected).toHaveText('Delete selected (2)');
  await screen.deleteSelected.click();
  await expect(screen.dialog.getByText('Delete these 2 cameras?', { exact: false })).toBeVisible();
  await shot(page, testInfo, 'cameras-delete');
  await screen.dialog.getByRole('button', { name: 'Delete 2 cameras' }).click();
  await expect(screen.dialog).toBeHidden({ timeout: 30_000 });
  for (const name of names) await expect(screen.card(name)).toHaveCount(0);
  expect(await camerasOf(all)).toEqual([]);

  await shell.openFromNav('Stage');
  await shell.expectStage();
  if (await expandBag.isVisible()) await expandBag.click();
  for (const name of names) await expect(stage.bagCamera(name)).toHaveCount(0);
});

test('adds one camera manually through the Manual tab', async ({ page, admin, signInPage, shell }, testInfo) => {
  test.setTimeout(90_000);
  const screen = await openCameras(page, async () => {
    await signInPage.open();
    await signInPage.signIn(admin.username, admin.password);
    await shell.expectStage();
  }, () => shell.openFromNav('Cameras'));
  const camera = simA.cameras[2]!;
  await screen.openAddDialog('Manual');
  const submit = screen.dialog.getByRole('button', { name: 'Add camera', exact: true });
  const uri = screen.panel.getByLabel('URI', { exact: true });
  await expect(uri).toHaveAttribute('placeholder', 'http://192.168.1.10/onvif/device_service');
  await expect(submit).toBeDisabled();
  await screen.panel.getByLabel('Driver', { exact: true }).selectOption('Generic RTSP');
  await expect(uri).toHaveAttribute('placeholder', /^rtsp:\/\//);
  await uri.fill(camera.onvifUrl);
  await uri.blur();
  await expect(screen.dialog.getByText('A Generic RTSP camera address must be an rtsp:// URL.')).toBeVisible();
  await screen.panel.getByLabel('Driver', { exact: true }).selectOption('ONVIF');
  await screen.panel.getByLabel('Name', { exact: true }).fill('Manual gate');
  await screen.setCredentials('admin', PASSWORD_A);
  await shot(page, testInfo, 'cameras-add-manual');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(screen.dialog).toBeHidden({ timeout: 60_000 });
  const card = screen.card('Manual gate');
  await expect(card).toBeVisible();
  await expect(card).toContainText('ONVIF');
  await expect(card).toContainText('127.0.0.1');

  // Leave the recorder as it was: delete it through its own card.
  await screen.cardAction('Manual gate', 'Delete camera');
  await screen.dialog.getByRole('button', { name: 'Delete camera' }).click();
  await expect(screen.dialog).toBeHidden({ timeout: 30_000 });
  await expect(card).toHaveCount(0);
  expect(await camerasOf([camera])).toEqual([]);
});
