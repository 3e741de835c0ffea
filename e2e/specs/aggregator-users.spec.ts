/**
 * The users screen of the multi-server edition, as an administrator uses
 * it: a real aggregator (started as users start it) with a real recorder of
 * its own registered (a recorder trusts one issuer, so not the shared e2e
 * recorder). A user added with bulk create is really on the recorder (read
 * through the recorder's own API, and able to sign in there); bulk delete
 * removes it there and leaves the aggregator's; a server that refuses shows
 * its reason in the table of servers.
 */
import type { Orchid, User, UsersResponse } from '../../server/shared/api';
import { startAggregator, type AggregatorProcess } from '../../tests/integration/helpers/aggregator-process';
import { startInProcessRecorder, type InProcessRecorder } from '../../tests/integration/helpers/in-process-recorder';
import { call, signIn as signInApi } from '../../tests/integration/helpers/recorder-process';
import { ShellPage } from '../pages/shell-page';
import { SignInPage } from '../pages/sign-in-page';
import { UsersPage } from '../pages/users-page';
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';

const AGGREGATOR_PASSWORD = 'agg-Users-62';
const RECORDER_PASSWORD = 'east-Secret-19';
let aggregator: AggregatorProcess | undefined;
let recorder: InProcessRecorder | undefined;

/** The recorder's users, asked of the recorder itself (not through the aggregator). */
async function recorderUsers(): Promise<User[]> {
  const token = await signInApi(recorder!.baseUrl, 'admin', RECORDER_PASSWORD);
  const reply = await call<UsersResponse>(recorder!.baseUrl, 'GET', '/service/users', { token });
  expect(reply.status).toBe(200);
  return reply.body.data.users;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [aggregator, recorder] = await Promise.all([startAggregator({ adminPassword: AGGREGATOR_PASSWORD }), startInProcessRecorder(RECORDER_PASSWORD)]);
  const token = await signInApi(aggregator.baseUrl, 'admin', AGGREGATOR_PASSWORD);
  const registered = await call<Orchid>(aggregator.baseUrl, 'POST', '/service/orchids', {
    token,
    json: { name: 'East', uri: recorder.baseUrl, username: 'admin', password: RECORDER_PASSWORD },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
});

test.afterAll(async () => {
  await Promise.all([aggregator?.stop(), recorder?.close()]);
});

test('bulk create puts a user on a server, bulk delete takes it off, a refusal shows per server', ANY_VIEWPORT, async ({ page, errors }, testInfo) => {
  test.setTimeout(90_000);
  // The refusal below: the recorder answers 409 for a username it already has, and the table shows it.
  errors.allow(/\/service\/orchid-proxy\/[^/]+\/service\/users -> 409$/);
  errors.allow(/status of 409/);
  const signIn = new SignInPage(page, aggregator!.baseUrl);
  const shell = new ShellPage(page, aggregator!.baseUrl);
  const users = new UsersPage(page);
  await signIn.open();
  await signIn.signIn('admin', AGGREGATOR_PASSWORD);
  await shell.expectStage();
  await shell.openFromNav('Users');
  await users.expectLoaded();
  await expect(page.getByText("Each server's own users moved to the Servers tab", { exact: false })).toBeVisible();

  // Bulk create: the user is made here and on the ticked server.
  const dana = { username: 'dana', email: 'dana@example.com', password: 'dana-Pass-5', role: 'Viewer' } as const;
  await users.openAddDialog();
  await users.fillUser(dana);
  await users.dialog.getByLabel('Also create this user on servers').check();
  const east = users.serverRow('East');
  await expect(east).toContainText('will be added');
  await expect(east.getByRole('checkbox', { name: 'Apply on East' })).toBeChecked();
  await shot(page, testInfo, 'users-bulk-create');
  await users.dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(users.dialog).toBeHidden({ timeout: 20_000 });
  await expect(users.row('dana')).toContainText('Viewer');
  const onRecorder = (await recorderUsers()).find((user) => user.username === 'dana');
  expect(onRecorder).toMatchObject({ role: 'Viewer', email: 'dana@example.com', superUser: false });
  // A real account there: it signs in to the recorder with the password given here.
  expect(await signInApi(recorder!.baseUrl, 'dana', dana.password)).toEqual(expect.any(String));

  // Bulk delete: gone from the recorder, still a user here.
  await users.row('dana').getByRole('button', { name: 'Delete dana from servers' }).click();
  await expect(east).toContainText('user will be removed');
  await expect(east).toContainText('Viewer');
  await shot(page, testInfo, 'users-bulk-delete');
  await users.dialog.getByRole('button', { name: 'Delete from servers' }).click();
  await expect(users.dialog).toBeHidden({ timeout: 20_000 });
  expect((await recorderUsers()).map((user) => user.username)).not.toContain('dana');
  await expect(users.row('dana')).toBeVisible();

  // Again: nothing left to remove there.
  await users.row('dana').getByRole('button', { name: 'Delete dana from servers' }).click();
  await expect(east).toContainText('no action: user does not exist');
  await expect(east.getByRole('checkbox', { name: 'Apply on East' })).toBeDisabled();
  await expect(users.dialog.getByRole('button', { name: 'Delete from servers' })).toBeDisabled();
  await users.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(users.dialog).toBeHidden();

  // A server that refuses: the username is taken there after the table was read.
  const erin = { username: 'erin', email: 'erin@example.com', password: 'erin-Pass-8', role: 'Manager' } as const;
  await users.openAddDialog();
  await users.fillUser(erin);
  await users.dialog.getByLabel('Also create this user on servers').check();
  await expect(east).toContainText('will be added');
  const recorderAdmin = await signInApi(recorder!.baseUrl, 'admin', RECORDER_PASSWORD);
  const taken = await call(recorder!.baseUrl, 'POST', '/service/users', { token: recorderAdmin, json: { username: 'erin', password: 'other-Pass-1', role: 'Viewer' } });
  expect(taken.status).toBe(201);
  await users.dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(east).toContainText(/Failed: .*already exists/, { timeout: 20_000 });
  await expect(users.dialog.getByText('The user was saved here, but not on every server')).toBeVisible();
  // The footer's Close (the header's close button comes first).
  await users.dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(users.dialog).toBeHidden();
  await expect(users.row('erin')).toContainText('Manager');
});
