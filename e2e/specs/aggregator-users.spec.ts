/**
 * The users screen of the multi-server edition, as an administrator uses
 * it: a real aggregator (started as users start it) with a real recorder of
 * its own registered (a recorder trusts one issuer, so not the shared e2e
 * recorder). A user added with bulk create is really on the recorder (read
 * through the recorder's own API, and able to sign in there); bulk delete
 * removes it there and leaves the aggregator's; a server that refuses shows
 * its reason in the table of servers. Bulk update changes a role there and
 * keeps the password there; bulk replicate adds a user who signs in there.
 * The account the aggregator signs in with on a server starts unticked with
 * a warning, so replicating 'admin' leaves that server's password alone (a
 * second recorder, registered with its own account, takes the change).
 */
import type { Orchid, User, UsersResponse } from '../../server/shared/api';
import { ORCHID_MESSAGES } from '../../server/shared/orchid-validation';
import { startAggregator, type AggregatorProcess } from '../../tests/integration/helpers/aggregator-process';
import { startInProcessRecorder, type InProcessRecorder } from '../../tests/integration/helpers/in-process-recorder';
import { call, signIn as signInApi } from '../../tests/integration/helpers/recorder-process';
import { ShellPage } from '../pages/shell-page';
import { SignInPage } from '../pages/sign-in-page';
import { UsersPage } from '../pages/users-page';
import { shot } from '../fixtures/shots';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';

const AGGREGATOR_PASSWORD = 'agg-Users-62';
const RECORDER_PASSWORD = 'east-Secret-19';
const WEST_PASSWORD = 'west-Secret-23';
let aggregator: AggregatorProcess | undefined;
let recorder: InProcessRecorder | undefined;
/** A second recorder, registered only by the last test (with an account of its own, not 'admin'). */
let west: InProcessRecorder | undefined;
let eastId = '';

/** The recorder's users, asked of the recorder itself (not through the aggregator). */
async function recorderUsers(): Promise<User[]> {
  const token = await signInApi(recorder!.baseUrl, 'admin', RECORDER_PASSWORD);
  const reply = await call<UsersResponse>(recorder!.baseUrl, 'GET', '/service/users', { token });
  expect(reply.status).toBe(200);
  return reply.body.data.users;
}

/** Creates a user through a server's own API (the aggregator's or a recorder's), as its admin. */
async function createUserOn(baseUrl: string, adminPassword: string, user: { username: string; password: string; role: string; email?: string }): Promise<void> {
  const token = await signInApi(baseUrl, 'admin', adminPassword);
  const reply = await call(baseUrl, 'POST', '/service/users', { token, json: user });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
}

/** Whether the server lets this username and password sign in. */
async function canSignIn(baseUrl: string, username: string, password: string): Promise<boolean> {
  const reply = await call(baseUrl, 'POST', '/service/sessions/user', { json: { username, password, cookie: 'session', type: 'user' } });
  return reply.status === 200;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [aggregator, recorder, west] = await Promise.all([startAggregator({ adminPassword: AGGREGATOR_PASSWORD }), startInProcessRecorder(RECORDER_PASSWORD), startInProcessRecorder(WEST_PASSWORD)]);
  const token = await signInApi(aggregator.baseUrl, 'admin', AGGREGATOR_PASSWORD);
  const registered = await call<Orchid>(aggregator.baseUrl, 'POST', '/service/orchids', {
    token,
    json: { name: 'East', uri: recorder.baseUrl, username: 'admin', password: RECORDER_PASSWORD },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  eastId = registered.body.id;
});

test.afterAll(async () => {
  await Promise.all([aggregator?.stop(), recorder?.close(), west?.close()]);
});

/** Signs in to the aggregator as its admin and opens the users screen. */
async function openUsers(page: Page): Promise<UsersPage> {
  const signIn = new SignInPage(page, aggregator!.baseUrl);
  const shell = new ShellPage(page, aggregator!.baseUrl);
  const users = new UsersPage(page);
  await signIn.open();
  await signIn.signIn('admin', AGGREGATOR_PASSWORD);
  await shell.expectStage();
  await shell.openFromNav('Users');
  await users.expectLoaded();
  return users;
}

test('bulk create puts a user on a server, bulk delete takes it off, a refusal shows per server', ANY_VIEWPORT, async ({ page, errors }, testInfo) => {
  test.setTimeout(90_000);
  // The refusal below: the recorder answers 409 for a username it already has, and the table shows it.
  errors.allow(/\/service\/orchid-proxy\/[^/]+\/service\/users -> 409$/);
  errors.allow(/status of 409/);
  const users = await openUsers(page);
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

test('bulk update changes a role on a server and keeps the password there; bulk replicate adds a user who signs in there', ANY_VIEWPORT, async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // Frank is on both, with a password of his own on the recorder; gina only here. (The edit form needs an email.)
  const frankRecorderPassword = 'frank-East-4';
  await createUserOn(aggregator!.baseUrl, AGGREGATOR_PASSWORD, { username: 'frank', password: 'frank-Agg-4', role: 'Viewer', email: 'frank@example.com' });
  await createUserOn(recorder!.baseUrl, RECORDER_PASSWORD, { username: 'frank', password: frankRecorderPassword, role: 'Viewer', email: 'frank@example.com' });
  await createUserOn(aggregator!.baseUrl, AGGREGATOR_PASSWORD, { username: 'gina', password: 'gina-Agg-6', role: 'Live Viewer', email: 'gina@example.com' });
  const users = await openUsers(page);
  const east = users.serverRow('East');

  // Bulk update: a new role, the password left blank.
  await users.row('frank').getByRole('button', { name: 'Edit user frank' }).click();
  await users.dialog.getByLabel('Role').selectOption('Manager');
  await users.dialog.getByLabel('Also apply this change on servers').check();
  await expect(east).toContainText('will be updated');
  await expect(east).toContainText('Viewer');
  await expect(east.getByRole('checkbox', { name: 'Apply on East' })).toBeChecked();
  await users.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(users.dialog).toBeHidden({ timeout: 20_000 });
  await expect(users.row('frank')).toContainText('Manager');
  expect((await recorderUsers()).find((user) => user.username === 'frank')).toMatchObject({ role: 'Manager' });
  expect(await canSignIn(recorder!.baseUrl, 'frank', frankRecorderPassword)).toBe(true);

  // Bulk replicate: gina is added there with the password given in the dialog.
  const ginaPassword = 'gina-East-7';
  await users.row('gina').getByRole('button', { name: 'Replicate gina to servers' }).click();
  await expect(east).toContainText('will be added');
  await expect(east.getByRole('checkbox', { name: 'Apply on East' })).toBeChecked();
  await shot(page, testInfo, 'users-bulk-replicate');
  await users.dialog.getByLabel('Password', { exact: true }).fill(ginaPassword);
  await users.dialog.getByLabel('Confirm password').fill(ginaPassword);
  await users.dialog.getByRole('button', { name: 'Replicate' }).click();
  await expect(users.dialog).toBeHidden({ timeout: 20_000 });
  expect((await recorderUsers()).find((user) => user.username === 'gina')).toMatchObject({ role: 'Live Viewer', email: 'gina@example.com' });
  expect(await canSignIn(recorder!.baseUrl, 'gina', ginaPassword)).toBe(true);
});

test("replicating the account the aggregator signs in with leaves that server's row unticked with a warning, and its password alone", ANY_VIEWPORT, async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // West is reached with an account of its own, so its 'admin' is an ordinary row there.
  await createUserOn(west!.baseUrl, WEST_PASSWORD, { username: 'aggwest', password: 'aggWest-9', role: 'Administrator' });
  const aggregatorToken = await signInApi(aggregator!.baseUrl, 'admin', AGGREGATOR_PASSWORD);
  const registered = await call<Orchid>(aggregator!.baseUrl, 'POST', '/service/orchids', {
    token: aggregatorToken,
    json: { name: 'West', uri: west!.baseUrl, username: 'aggwest', password: 'aggWest-9' },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const users = await openUsers(page);

  await users.row('admin').getByRole('button', { name: 'Replicate admin to servers' }).click();
  const east = users.serverRow('East');
  const westRow = users.serverRow('West');
  const warning = 'a new password or its removal cuts the server off until its registration is edited';
  await expect(east).toContainText('will be updated');
  await expect(east).toContainText(warning);
  await expect(east.getByRole('checkbox', { name: 'Apply on East' })).not.toBeChecked();
  await expect(east.getByRole('checkbox', { name: 'Apply on East' })).toBeEnabled();
  await expect(westRow).toContainText('will be updated');
  await expect(westRow).not.toContainText(warning);
  await expect(westRow.getByRole('checkbox', { name: 'Apply on West' })).toBeChecked();
  await shot(page, testInfo, 'users-bulk-replicate-aggregator-account');
  const newPassword = 'admin-New-31';
  await users.dialog.getByLabel('Password', { exact: true }).fill(newPassword);
  await users.dialog.getByLabel('Confirm password').fill(newPassword);
  await users.dialog.getByRole('button', { name: 'Replicate' }).click();
  await expect(users.dialog).toBeHidden({ timeout: 20_000 });

  // West took the new password; East kept the one its registration holds, and the aggregator still gets in.
  expect(await canSignIn(west!.baseUrl, 'admin', newPassword)).toBe(true);
  expect(await canSignIn(recorder!.baseUrl, 'admin', RECORDER_PASSWORD)).toBe(true);
  expect(await canSignIn(recorder!.baseUrl, 'admin', newPassword)).toBe(false);
  const refreshed = await call<Orchid>(aggregator!.baseUrl, 'POST', `/service/orchids/${encodeURIComponent(eastId)}/cache`, { token: aggregatorToken, json: {} });
  expect(refreshed.status).toBe(200);
  expect(refreshed.body).toMatchObject({ isAvailable: true });
  expect(refreshed.body.failureReason).not.toBe(ORCHID_MESSAGES.authenticationFailed);
});
