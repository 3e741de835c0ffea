/**
 * The retention policy screen against the shared e2e recorder and one
 * simulated ONVIF camera registered for this file (removed at its end),
 * new enough that the recorder has no estimate of its bytes per day yet.
 * A manual retention is saved and read back after a reload and from the
 * recorder's API; an invalid number disables Save; Cancel reverts; and the
 * camera is given back to automatic through the screen at the end, so the
 * recorder is left as it was found. The not-possible configuration of the
 * trial edition links to Activation, on a camera that has an estimate: one
 * of the stage rig's, which has recorded since an earlier file asked for it.
 */
import type { Camera, CamerasDiskUsageResponse, CamerasResponse } from '../../server/shared/api';
import { DAY_MS } from '../../server/shared/validation';
import { expect, signInAsAdminBeforeEach, test } from '../fixtures/test';
import { shot } from '../fixtures/shots';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { RetentionPage } from '../pages/retention-page';
import { adminPassword, recorderBaseUrl } from '../recorder-env';
import { AdminApi } from '../recorder-api';
import { registerStageCameras, type StageCameras } from './stage/stage-cameras';

let rig: StageCameras | undefined;
let recorder: AdminApi;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => recorder.call<T>(method, path, body);

const cam = (): Camera => rig!.cameras[0]!;

async function savedRetention(camera: Camera = cam()): Promise<number | undefined> {
  const cameras = (await api<CamerasResponse>('GET', '/service/cameras')).data.cameras;
  return cameras.find((c) => c.id === camera.id)?.retention;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  rig = await registerStageCameras(recorderBaseUrl(), adminPassword(), 1);
  recorder = await AdminApi.signIn();
});

test.afterAll(async () => {
  // Whatever a failed test left: the camera goes back to automatic before it is removed.
  if (rig) await api('PATCH', `/service/cameras/${cam().id}`, { retention: 0 }).catch(() => undefined);
  await rig?.stop();
});

signInAsAdminBeforeEach();

test.describe.configure({ mode: 'serial' });

test.describe('retention policy', ANY_VIEWPORT, () => {
  test('an invalid number disables Save; Cancel reverts to automatic', async ({ page, baseUrl }) => {
    const retention = new RetentionPage(page);
    await retention.open(baseUrl);
    const name = cam().name;
    await expect(retention.save).toBeDisabled();
    await expect(retention.cancel).toBeDisabled();

    await retention.automaticButton(name).click();
    const box = retention.daysBox(name);
    await box.fill('10001');
    await expect(retention.row(cam().id).getByRole('alert')).toHaveText('From 0 to 10000 days');
    await expect(retention.save).toBeDisabled();
    await box.fill('');
    await expect(retention.row(cam().id).getByRole('alert')).toHaveText('Required');
    await expect(retention.save).toBeDisabled();
    await box.fill('3');
    await expect(retention.save).toBeEnabled();

    await retention.cancel.click();
    await expect(retention.automaticButton(name)).toBeVisible();
    await expect(box).toHaveCount(0);
    await expect(retention.save).toBeDisabled();
    expect(await savedRetention()).toBe(0);
  });

  test('a manual 7 days is saved, kept after a reload, and automatic restored', async ({ page, baseUrl }, testInfo) => {
    const retention = new RetentionPage(page);
    await retention.open(baseUrl);
    const name = cam().name;
    await expect(retention.usageTable.getByRole('row', { name: new RegExp(name) })).toBeVisible();

    await retention.automaticButton(name).click();
    await retention.daysBox(name).fill('7');
    await expect(retention.row(cam().id).getByTestId('estimated-days')).toHaveText('7.0 days');
    await expect(retention.save).toBeEnabled();
    await retention.save.click();
    await expect(page.getByText('Retention saved.')).toBeVisible();
    await expect(retention.save).toBeDisabled();
    expect(await savedRetention()).toBe(7 * DAY_MS);
    await shot(page, testInfo, 'retention');

    await page.reload();
    await expect(retention.heading).toBeVisible();
    await expect(retention.daysBox(name)).toHaveValue('7');
    await expect(retention.save).toBeDisabled();

    // Back to automatic through the screen: the recorder is shared.
    await retention.backToAutomatic(name).click();
    await expect(retention.automaticButton(name)).toBeVisible();
    await expect(retention.save).toBeEnabled();
    await retention.save.click();
    await expect(page.getByText('Retention saved.')).toBeVisible();
    expect(await savedRetention()).toBe(0);
  });

  test('a desired retention beyond the disk shows the red bar and the not-possible message; Cancel clears them', async ({ page, baseUrl, stageRig }, testInfo) => {
    test.setTimeout(150_000);
    // The recorder estimates a camera's bytes per day only once it has recorded 60 s: a stage camera
    // has, unless this file runs first or alone.
    const recording = stageRig.cameras[0]!;
    await expect
      .poll(async () => (await api<CamerasDiskUsageResponse>('GET', '/service/cameras/disk-usage')).cameras.find((c) => c.cameraId === recording.id)?.bytesEstimatedPerDay ?? 0, {
        timeout: 120_000,
        intervals: [2000],
      })
      .toBeGreaterThan(0);
    const retention = new RetentionPage(page);
    await retention.open(baseUrl);
    const name = recording.name;
    await expect(retention.estimateBar).toHaveAttribute('data-possible', 'true');
    await expect(page.getByText(/This configuration is not possible/)).toHaveCount(0);

    await retention.automaticButton(name).click();
    await retention.daysBox(name).fill('10000');
    await expect(retention.estimateBar).toHaveAttribute('data-possible', 'false');
    await expect(page.getByRole('alert').filter({ hasText: 'This configuration is not possible' })).toBeVisible();
    // The e2e recorder runs the trial edition: the screen offers Activation.
    await expect(page.getByRole('link', { name: 'Activate a license' })).toHaveAttribute('href', '#/activation');
    await shot(page, testInfo, 'retention-not-possible');

    await retention.cancel.click();
    await expect(retention.estimateBar).toHaveAttribute('data-possible', 'true');
    await expect(page.getByText(/This configuration is not possible/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Activate a license' })).toHaveCount(0);
    expect(await savedRetention(recording)).toBe(0);
  });
});
