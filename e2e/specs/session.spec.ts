/**
 * The session's life (spec 4, 6, 7): stay signed in, sign-in while signed in,
 * a session that ends on the server, editing one's own account, and a server
 * that stops answering the ping.
 */
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { SESSION_TOKEN_KEY } from '../../src/state/session-token-key';

test('stay signed in keeps the session for a new tab; without it a new tab must sign in', ANY_VIEWPORT, async ({
  page,
  context,
  admin,
  signInPage,
  shell,
  baseUrl,
}) => {
  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  const other = await context.newPage();
  await other.goto(`${baseUrl}/#/stage`);
  await expect(other).toHaveURL(/#\/sign-in$/);
  await other.close();
  await shell.signOut();

  await signInPage.staySignedIn.check();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  const second = await context.newPage();
  await second.goto(`${baseUrl}/#/stage`);
  await expect(second.getByTestId('stage')).toBeVisible();
  await second.close();

  // Already signed in: sign-in resolves to the stage, unless skipAuth.
  await shell.goto('/sign-in');
  await shell.expectStage();
  await shell.goto('/sign-in?skipAuth=true');
  await expect(signInPage.username).toBeVisible();
  await expect(page).toHaveURL(/skipAuth=true/);
});

test('a session ended on the server sends the user back to sign-in', ANY_VIEWPORT, async ({ page, admin, signInPage, shell, errors }) => {
  errors.allow(/status of 401/);
  errors.allow(/-> 401$/);
  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  // End the session behind the app's back, as an expiry or another admin would.
  await page.evaluate(async (key) => {
    const token = sessionStorage.getItem(key) ?? localStorage.getItem(key);
    await fetch('/service/sessions/me', { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
  }, SESSION_TOKEN_KEY);
  await shell.openFromNav('Users');
  await expect(page).toHaveURL(/#\/sign-in$/);
  await expect(signInPage.username).toBeVisible();
});

test("editing one's own account signs one out", ANY_VIEWPORT, async ({ page, admin, signInPage, shell, usersPage }) => {
  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  await shell.openFromNav('Users');
  await usersPage.expectLoaded();
  await page.getByRole('button', { name: 'Edit user admin' }).click();
  await expect(usersPage.dialog.getByText('This is your own account')).toBeVisible();
  await usersPage.dialog.getByLabel('Email').fill('admin@example.com');
  await usersPage.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/#\/sign-in$/);
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
});

test('a server that stops answering the ping shows the application-unresponsive page', ANY_VIEWPORT, async ({
  page,
  signInPage,
  errors,
}, testInfo) => {
  errors.allow(/\/service\/ping.* -> 503$/);
  errors.allow(/status of 503/);
  await page.clock.install();
  await signInPage.open();
  await page.route('**/service/ping*', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  await page.clock.runFor(10_500);
  const unresponsive = page.getByTestId('app-unresponsive');
  await expect(unresponsive).toBeVisible();
  await expect(unresponsive.getByRole('heading', { name: 'Argus VMS is not responding' })).toBeVisible();
  await expect(unresponsive.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(unresponsive.getByRole('link', { name: /Argus support/ })).toHaveAttribute('href', /^https:/);
  await shot(page, testInfo, 'unresponsive');
});
