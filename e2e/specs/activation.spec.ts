/**
 * The Activation screen against the shared e2e recorder and the real
 * activation service global-setup starts beside it (E2E_ACTIVATION_CODE is
 * seeded there). Online: the code is activated through the service, the key
 * reaches the recorder, the dialog says a restart is needed and the top
 * bar's bad-license button shows the pending change. Offline: 'Switch to
 * offline' shows the machine id and takes a key the test fetched from the
 * service itself. Each test removes the license through the remove dialog,
 * so the recorder is left as found: an added key that was never applied is
 * forgotten, the session is normal again and recording goes on (the run
 * never restarts the recorder, so nothing took effect).
 */
import type { DiscoverableOrchid } from '../../server/shared/api';
import { expect, signInAsAdminBeforeEach, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { AdminApi } from '../recorder-api';
import { activationServiceUrl, E2E_ACTIVATION_CODE } from '../recorder-env';
import type { Page } from '@playwright/test';

let recorder: AdminApi;

const orchid = () => recorder.call<DiscoverableOrchid>('GET', '/service/discoverable/orchids/1');

test.beforeAll(async () => {
  recorder = await AdminApi.signIn();
});

test.afterAll(async () => {
  // Whatever a failed test left pending is forgotten, so the other files see the recorder as it was.
  if ((await orchid()).licenseSession.state.status === 'pending_change') await recorder.call('DELETE', '/service/license-session');
});

test.describe.configure({ mode: 'serial' });
test.beforeEach(({ errors }) => {
  // The recorder has no trusted issuer: the screen's GET /service/trusted/issuer answers 404, which hides Detach.
  errors.allow(/trusted\/issuer/);
});
signInAsAdminBeforeEach('/activation');

const licenseTable = (page: Page) => page.getByRole('table', { name: 'License' });
const rowValue = (page: Page, label: string) => licenseTable(page).getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');
const badLicenseButton = (page: Page) => page.getByRole('button', { name: 'License problem: show details' });

async function expectTrialAndNormal(page: Page): Promise<void> {
  await expect(rowValue(page, 'Edition')).toHaveText('Argus VMS Trial');
  await expect(rowValue(page, 'Expires')).toHaveText('n/a');
  await expect(badLicenseButton(page)).toHaveCount(0);
  const session = (await orchid()).licenseSession;
  expect(session.state.status).toBe('normal');
  expect(session.license.edition).toBe('trial');
  expect(session.licenseKey).toBeNull();
}

async function removeThroughDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Remove license' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove license' });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remove license' })).toHaveCount(0);
  await expectTrialAndNormal(page);
}

test.describe('activation', ANY_VIEWPORT, () => {
  test('activates online with a code, shows the pending restart, and removes the license again', async ({ page }) => {
    await expectTrialAndNormal(page);

    await page.getByRole('button', { name: 'Add license' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add license' });
    const code = dialog.getByLabel('Activation or renewal code');
    await expect(code).toBeVisible(); // the service answered its ping: online mode
    const activate = dialog.getByRole('button', { name: 'Activate' });
    await expect(activate).toBeDisabled();
    await code.fill(E2E_ACTIVATION_CODE);
    const location = dialog.getByLabel('Location (optional)');
    await location.fill('   ');
    await expect(activate).toBeDisabled();
    await location.fill('E2E lab');
    await activate.click();
    await expect(dialog.getByText('The license was added. Restart the server to use the new license.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();

    // The table shows the license the next start will use.
    await expect(rowValue(page, 'Edition')).toHaveText('Argus VMS Core');
    await expect(rowValue(page, 'Activation code')).toHaveText(E2E_ACTIVATION_CODE);
    await expect(rowValue(page, 'Location')).toHaveText('E2E lab');
    const session = (await orchid()).licenseSession;
    expect(session.state.status).toBe('pending_change');
    expect(session.license.activationCode).toBe(E2E_ACTIVATION_CODE);

    const button = badLicenseButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('data-license-status', 'pending_change');
    await button.click();
    const warning = page.getByRole('dialog', { name: 'Restart needed' });
    await expect(warning.getByText('Restart the server to use the new license.')).toBeVisible();
    await warning.getByRole('button', { name: 'OK' }).click();
    await expect(warning).toBeHidden();

    await removeThroughDialog(page);
  });

  test("'Switch to offline' shows the machine id and takes a pasted key", async ({ page }) => {
    const { machineId } = await orchid();
    await page.getByRole('button', { name: 'Add license' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add license' });
    await dialog.getByRole('button', { name: 'Switch to offline' }).click();
    await expect(dialog.getByTestId('offline-machine-id')).toHaveText(machineId);
    await expect(dialog.getByLabel('Activation or renewal code')).toHaveCount(0);
    const activate = dialog.getByRole('button', { name: 'Activate' });
    await expect(activate).toBeDisabled();

    // The key a supplier would hand over for this machine id, asked of the service as its own client.
    const response = await fetch(`${activationServiceUrl()}/activate`, {
      method: 'POST',
      body: new URLSearchParams({ activation_code: E2E_ACTIVATION_CODE, machine_id: machineId, headless: '1' }),
    });
    const answer = (await response.json()) as { status: string; license?: string };
    expect(answer.status).toBe('success');

    await dialog.getByLabel('License key').fill(answer.license!);
    await activate.click();
    await expect(dialog.getByText('The license was added. Restart the server to use the new license.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    expect((await orchid()).licenseSession.state.status).toBe('pending_change');
    await expect(badLicenseButton(page)).toBeVisible();

    await removeThroughDialog(page);
  });

  test('a key the recorder refuses shows its reason', async ({ page, errors }) => {
    errors.allow(/license-session/);
    await page.getByRole('button', { name: 'Add license' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add license' });
    await dialog.getByRole('button', { name: 'Switch to offline' }).click();
    await dialog.getByLabel('License key').fill('not-a-signed-key');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText('The license key is not a valid key.'); // the recorder's reason, not the generic error
    await expect(dialog.getByRole('button', { name: 'Activate' })).toBeEnabled(); // processing ended; the key can be corrected
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectTrialAndNormal(page);
  });
});
