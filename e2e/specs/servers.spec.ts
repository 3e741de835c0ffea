/**
 * The servers dashboard of the multi-server edition, as an administrator
 * uses it: a real aggregator (started as users start it) and a real
 * recorder of its own (a recorder trusts one issuer, so not the shared e2e
 * recorder). Register with a wrong password and read the error, register
 * for real and see the server healthy with its cameras and in the stage's
 * bag, rename it, unregister it; then a server that goes away: offline with
 * its reason on the dashboard and in the bag, unregister fails and
 * 'Remove anyway' removes it.
 */
import { startAggregator, type AggregatorProcess } from '../../tests/integration/helpers/aggregator-process';
import { startInProcessRecorder, type InProcessRecorder } from '../../tests/integration/helpers/in-process-recorder';
import { ShellPage } from '../pages/shell-page';
import { SignInPage } from '../pages/sign-in-page';
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';

const RECORDER_PASSWORD = 'north-Secret-31';
let aggregator: AggregatorProcess | undefined;
let recorder: InProcessRecorder | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [aggregator, recorder] = await Promise.all([startAggregator({ adminPassword: 'agg-Secret-7' }), startInProcessRecorder(RECORDER_PASSWORD)]);
});

test.afterAll(async () => {
  await Promise.all([aggregator?.stop(), recorder?.close()]);
});

test('register, rename and unregister a server on the servers dashboard', ANY_VIEWPORT, async ({ page, errors }, testInfo) => {
  test.setTimeout(90_000);
  // The failed registration below is a 400 the dialog shows.
  errors.allow(/\/service\/orchids -> 400$/);
  errors.allow(/status of 400/);
  // The server that goes away: its check and the unregister that cannot reach it answer errors the screen shows.
  errors.allow(/\/service\/orchids\/[^/]+(\/cache)? -> (404|502)$/);
  errors.allow(/status of (404|502)/);
  const signIn = new SignInPage(page, aggregator!.baseUrl);
  const shell = new ShellPage(page, aggregator!.baseUrl);
  await signIn.open();
  await signIn.signIn('admin', 'agg-Secret-7');
  await shell.expectStage();
  await shell.openFromNav('Servers');
  await expect(page.getByRole('heading', { name: 'Servers', level: 1 })).toBeVisible();
  await expect(page.getByText('No servers are registered yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Register server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a server' });
  const register = dialog.getByRole('button', { name: 'Register server' });
  await dialog.getByLabel('Name', { exact: true }).fill('North site');
  await dialog.getByLabel('URL').fill('north.example');
  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByLabel('Password').fill('wrong-password');
  await expect(dialog.getByText('URL must be a valid HTTP or HTTPS URL.')).toBeVisible();
  await expect(register).toBeDisabled();

  await dialog.getByLabel('URL').fill(recorder!.baseUrl);
  await register.click();
  await expect(dialog.getByText('The server refused the username or password (authentication-failed).')).toBeVisible({ timeout: 20_000 });

  await dialog.getByLabel('Password').fill(RECORDER_PASSWORD);
  await register.click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const row = page.getByTestId('server-row-North site');
  await expect(row.getByTestId('server-health')).toHaveText('Healthy');
  await expect(row.getByTestId('server-cameras')).toHaveText('0 of 0');
  await shot(page, testInfo, 'servers-dashboard');

  // The server's own screens, through the aggregator's proxy: its system status, then its retention policy.
  await row.getByRole('link', { name: 'System status of North site' }).click();
  await expect(page.getByRole('heading', { name: 'System status', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Server', exact: true })).toHaveValue(/.+/);
  await expect(page.getByTestId('disk-bar').first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Screens of North site' }).getByRole('link', { name: 'Retention' }).click();
  await expect(page.getByRole('heading', { name: 'Retention policy', level: 1 })).toBeVisible();
  await expect(page.getByTestId('disk-bar').first()).toBeVisible({ timeout: 15_000 });
  await shot(page, testInfo, 'server-admin-retention');

  // The stage's bag lists the server.
  await shell.openFromNav('Stage');
  const bagServer = page.getByRole('region', { name: 'Server North site' });
  await expect(bagServer).toContainText('0 cameras');
  await shell.openFromNav('Servers');

  await row.getByRole('button', { name: 'Edit North site' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit server North site' });
  await expect(edit.getByLabel('Password')).toHaveValue('');
  await edit.getByLabel('Name', { exact: true }).fill('North');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByTestId('server-row-North');
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Unregister North' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unregister server' });
  await confirm.getByRole('button', { name: 'Unregister' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(renamed).toBeHidden();
  await expect(page.getByText('No servers are registered yet.')).toBeVisible();

  // A server that goes away: offline with its reason, unregister fails, remove anyway.
  await page.getByRole('button', { name: 'Register server' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('South');
  await dialog.getByLabel('URL').fill(recorder!.baseUrl);
  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByLabel('Password').fill(RECORDER_PASSWORD);
  await register.click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const south = page.getByTestId('server-row-South');
  await expect(south.getByTestId('server-health')).toHaveText('Healthy');
  await recorder!.close();
  recorder = undefined;
  await south.getByRole('button', { name: 'Check South again' }).click();
  await expect(south.getByTestId('server-health')).toHaveText('Offline', { timeout: 20_000 });
  await expect(south.getByTestId('server-failure')).not.toBeEmpty();
  await shell.openFromNav('Stage');
  const unavailable = page.getByRole('region', { name: 'Server South' });
  await expect(unavailable.getByRole('img', { name: 'Server unavailable' })).toBeVisible();
  await expect(unavailable.getByRole('alert')).toContainText('Server unavailable:');
  await shot(page, testInfo, 'servers-bag-unavailable');

  await shell.openFromNav('Servers');
  await south.getByRole('button', { name: 'Unregister South' }).click();
  await confirm.getByRole('button', { name: 'Unregister' }).click();
  await expect(confirm.getByText(/Unregister failed/)).toBeVisible({ timeout: 20_000 });
  await confirm.getByRole('button', { name: 'Remove anyway' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(south).toBeHidden();
});
