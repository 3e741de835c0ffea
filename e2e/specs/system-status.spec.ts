/**
 * The system status screen against the shared e2e recorder and one simulated
 * ONVIF camera registered for this file (removed at its end): the disk bar
 * shows; the camera's stream is listed Running with a recent last archive and
 * no issue flag; Restart shows the stream restarting and then running again;
 * Verify shows the recorder's result in the row; and a camera removed
 * elsewhere leaves the table at the next read of the live list (every 5 s).
 */
import type { Camera, StreamStatus } from '../../server/shared/api';
import { shot } from '../fixtures/shots';
import { expect, signInAsAdminBeforeEach, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { adminPassword, recorderBaseUrl } from '../recorder-env';
import { AdminApi } from '../recorder-api';
import { registerStageCameras, type StageCameras } from './stage/stage-cameras';

let rig: StageCameras | undefined;
let recorder: AdminApi;

const cam = (): Camera => rig!.cameras[0]!;
const streamId = (): string => cam().primaryStream!.id;
const streamName = (): string => cam().streams.find((stream) => stream.id === streamId())!.name;

const streamStatus = (): Promise<StreamStatus> => recorder.call<StreamStatus>('GET', `/service/streams/${streamId()}/status`);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rig = await registerStageCameras(recorderBaseUrl(), adminPassword(), 1);
  recorder = await AdminApi.signIn();
  // A freshly registered stream has written no archive yet; the table would rightly flag that.
  await expect.poll(async () => (await streamStatus()).lastArchiveWritten, { timeout: 120_000 }).not.toBeNull();
});

test.afterAll(async () => {
  await rig?.stop();
});

signInAsAdminBeforeEach();

test.describe.configure({ mode: 'serial' });

test.describe('system status', ANY_VIEWPORT, () => {
  test('lists the running stream with a recent archive, restarts and verifies it', async ({ page, baseUrl }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto(`${baseUrl}/#/system-status`);
    await expect(page.getByRole('heading', { name: 'System status', level: 1 })).toBeVisible();
    await expect(page.getByTestId('disk-bar')).toBeVisible();
    await expect(page.getByTestId('estimate-bar')).toHaveCount(0);

    const table = page.getByRole('table', { name: 'Active stream status' });
    const row = table.getByTestId(`active-stream-${streamId()}`);
    await expect(row).toContainText(cam().name);
    await expect(row.getByTestId('stream-status')).toHaveText('Running');
    await expect(row.getByTestId('last-archive')).toHaveText(/seconds? ago/);
    await expect(row.getByTestId('archive-issue')).toHaveCount(0);
    await shot(page, testInfo, 'system-status');

    const retriesBefore = Number(await row.getByTestId('retry-count').textContent());
    const label = `${cam().name} / ${streamName()}`;
    const restart = row.getByRole('button', { name: `Restart ${label}` });
    await restart.click();
    await expect(row.getByTestId('stream-status')).toHaveText('Restarting');
    await expect(restart).toBeDisabled();
    await expect(row.getByTestId('stream-status')).toHaveText('Running', { timeout: 60_000 });
    await expect.poll(async () => Number(await row.getByTestId('retry-count').textContent())).toBeGreaterThan(retriesBefore);
    await expect(restart).toBeEnabled();

    await row.getByRole('button', { name: `Verify ${label}` }).click();
    const result = row.getByTestId('verify-result');
    await expect(result).toHaveAttribute('data-success', /true|false/, { timeout: 30_000 });
    await expect(result).toContainText(/The stream is/);
    await shot(page, testInfo, 'system-status-verified');
  });

  test('Preview opens the stream preview dialog', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/#/system-status`);
    const row = page.getByTestId(`active-stream-${streamId()}`);
    await expect(row.getByTestId('stream-status')).toHaveText('Running');
    await row.getByRole('button', { name: `Preview ${cam().name} / ${streamName()}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('img')).toBeVisible({ timeout: 30_000 });
  });

  // Last: it removes the file's camera (afterAll's removal then finds nothing to do).
  test('a camera removed elsewhere leaves the table at the next read of the live list', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/#/system-status`);
    const row = page.getByTestId(`active-stream-${streamId()}`);
    await expect(row.getByTestId('stream-status')).toHaveText('Running');
    await recorder.call('DELETE', `/service/cameras/${cam().id}`);
    await expect(row).toHaveCount(0, { timeout: 15_000 });
  });
});
