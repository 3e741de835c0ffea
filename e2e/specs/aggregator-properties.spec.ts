/**
 * The property editor of one server in the multi-server edition, as an
 * administrator uses it: a real aggregator and a real recorder of its own,
 * started as users start it (`npm start`, under its supervisor, so a
 * property save really restarts it with the new properties). Through the
 * server admin container: change max-export-hours, save, the waiting dialog
 * shows while the recorder restarts (the aggregator's page stays), the
 * confirm view comes back, Confirm keeps the change, and the recorder
 * serves the new value, read through its own API and in the form.
 */
import type { Orchid, ServerAbout } from '../../server/shared/api';
import { startAggregator, type AggregatorProcess } from '../../tests/integration/helpers/aggregator-process';
import { call, signIn as signInApi, startRecorder, type RecorderProcess } from '../../tests/integration/helpers/recorder-process';
import { ShellPage } from '../pages/shell-page';
import { SignInPage } from '../pages/sign-in-page';
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';

const AGGREGATOR_PASSWORD = 'agg-Props-48';
const RECORDER_PASSWORD = 'west-Secret-27';
const PROPERTY = 'max-export-hours';
let aggregator: AggregatorProcess | undefined;
let recorder: RecorderProcess | undefined;

async function recorderAbout(): Promise<ServerAbout> {
  return (await (await fetch(`${recorder!.baseUrl}/service/about`)).json()) as ServerAbout;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [aggregator, recorder] = await Promise.all([
    startAggregator({ adminPassword: AGGREGATOR_PASSWORD }),
    startRecorder({ adminPassword: RECORDER_PASSWORD, extraArgs: ['--host', '127.0.0.1'] }),
  ]);
  const token = await signInApi(aggregator.baseUrl, 'admin', AGGREGATOR_PASSWORD);
  // Registered as the aggregator's page registers it (its Origin): the recorder then lets that page call it directly.
  const registered = await call<Orchid>(aggregator.baseUrl, 'POST', '/service/orchids', {
    token,
    headers: { origin: aggregator.baseUrl },
    json: { name: 'West', uri: recorder.baseUrl, username: 'admin', password: RECORDER_PASSWORD },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
});

test.afterAll(async () => {
  await Promise.all([aggregator?.stop(), recorder?.stop()]);
});

test('a server property saved through the aggregator restarts that server, is confirmed and read back', ANY_VIEWPORT, async ({ page, errors }, testInfo) => {
  test.setTimeout(240_000);
  // While the recorder restarts, its ping and the aggregator's proxy to it fail for a moment.
  errors.allow(/Failed to fetch|ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|status of 50\d|net::ERR|-> 50\d$/);
  const before = (await recorderAbout()).maxExportHours;
  const changed = before === 23 ? 22 : 23;

  const signIn = new SignInPage(page, aggregator!.baseUrl);
  const shell = new ShellPage(page, aggregator!.baseUrl);
  await signIn.open();
  await signIn.signIn('admin', AGGREGATOR_PASSWORD);
  await shell.expectStage();
  await shell.openFromNav('Servers');
  const row = page.getByTestId('server-row-West');
  await expect(row.getByTestId('server-health')).toHaveText('Healthy', { timeout: 20_000 });
  await row.getByRole('link', { name: 'System status of West' }).click();
  await page.getByRole('navigation', { name: 'Screens of West' }).getByRole('link', { name: 'Server properties' }).click();

  const form = page.getByRole('form', { name: 'Server properties' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByRole('checkbox', { name: `Active: ${PROPERTY}` }).check();
  await form.getByRole('textbox', { name: `Value of ${PROPERTY}` }).fill(String(changed));
  await form.getByRole('button', { name: 'Save', exact: true }).click();

  // Not the blocking restart page: the aggregator's page stays and a dialog waits for the server.
  const waiting = page.getByRole('dialog', { name: 'The server is restarting' });
  await expect(waiting).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The server is restarting', level: 1 })).toHaveCount(0);
  await shot(page, testInfo, 'server-properties-waiting');
  await expect(waiting).toBeHidden({ timeout: 120_000 });

  // The recorder is back with the change, which waits for its confirmation.
  const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
  await expect(confirm).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/The last property change is not confirmed/)).toBeVisible();
  expect((await recorderAbout()).maxExportHours).toBe(changed);
  await confirm.click();
  await expect(form).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/The last property change is not confirmed/)).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: `Value of ${PROPERTY}` })).toHaveValue(String(changed));
  await expect(page).toHaveURL(/section=properties/);

  const token = await signInApi(recorder!.baseUrl, 'admin', RECORDER_PASSWORD);
  const confirmed = await call<{ confirmed: boolean }>(recorder!.baseUrl, 'GET', '/service/server/properties/confirmed', { token });
  expect(confirmed.body.confirmed).toBe(true);
  expect((await recorderAbout()).maxExportHours).toBe(changed);
});
