/**
 * The server property editor's controlled shutdown (spec 2, 4, 5) against
 * the shared e2e recorder, which `npm start` runs under its supervisor: a
 * saved max-export-hours restarts the recorder, the page waits on the
 * restart page and comes back to the confirm view with the imminent-shutdown
 * alert; Confirm keeps the change, which the recorder then serves. The file
 * puts the property back the same way (and, should a test fail part way,
 * through the API in afterAll), so the specs after it find the recorder as
 * it was.
 */
import type { ServerAbout } from '../../server/shared/api';
import { shot } from '../fixtures/shots';
import { expect, signInAsAdminBeforeEach, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { AdminApi } from '../recorder-api';
import { recorderBaseUrl } from '../recorder-env';

const PROPERTY = 'max-export-hours';
let exportHoursBefore: number;

async function about(): Promise<ServerAbout> {
  return (await (await fetch(`${recorderBaseUrl()}/service/about`)).json()) as ServerAbout;
}

/** Waits until the recorder answers again after a restart and says whether a change waits for its confirmation. */
async function recorderBack(): Promise<AdminApi> {
  await expect.poll(async () => (await fetch(`${recorderBaseUrl()}/service/ping`).catch(() => undefined))?.ok ?? false, { timeout: 90_000 }).toBe(true);
  return AdminApi.signIn();
}

test.beforeAll(async () => {
  exportHoursBefore = (await about()).maxExportHours;
});

test.afterAll(async () => {
  // Only when a test stopped part way: the property goes back and the change is confirmed.
  if ((await about().catch(() => undefined))?.maxExportHours === exportHoursBefore) return;
  const recorder = await recorderBack();
  await recorder.call('PUT', '/service/server/properties', { properties: [] }).catch(() => undefined);
  const back = await recorderBack();
  await back.call('POST', '/service/server/properties/confirmed').catch(() => undefined);
});

signInAsAdminBeforeEach();

test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function saveAndConfirm(page: import('@playwright/test').Page, errors: import('../fixtures/error-collector').ErrorCollector, change: () => Promise<void>): Promise<void> {
  // While the recorder restarts, the page's own calls fail for a moment: refused, cut off, or answered 503 while it stops and starts.
  errors.allow(/Failed to fetch|ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|status of 50\d|net::ERR|-> 50\d$/);
  const form = page.getByRole('form', { name: 'Server properties' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await change();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'The server is restarting', level: 1 })).toBeVisible();
  // Back at the editor once the recorder answers again: the change waits for its confirmation.
  await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(/The last property change is not confirmed/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(form).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/The last property change is not confirmed/)).toHaveCount(0);
}

test('a saved property restarts the recorder, which serves it once confirmed; put back the same way', ANY_VIEWPORT, async ({ page, baseUrl, errors }, testInfo) => {
  const changed = exportHoursBefore === 23 ? 22 : 23;
  await page.goto(`${baseUrl}/#/properties`);
  await expect(page.getByRole('form', { name: 'Server properties' })).toBeVisible({ timeout: 30_000 });
  await shot(page, testInfo, 'properties');
  await saveAndConfirm(page, errors, async () => {
    await page.getByRole('checkbox', { name: `Active: ${PROPERTY}` }).check();
    await page.getByRole('textbox', { name: `Value of ${PROPERTY}` }).fill(String(changed));
  });
  expect((await about()).maxExportHours).toBe(changed);
  const confirmed = await (await AdminApi.signIn()).call<{ confirmed: boolean }>('GET', '/service/server/properties/confirmed');
  expect(confirmed.confirmed).toBe(true);

  await saveAndConfirm(page, errors, async () => {
    await page.getByRole('checkbox', { name: `Active: ${PROPERTY}` }).uncheck();
  });
  expect((await about()).maxExportHours).toBe(exportHoursBefore);
});
