/**
 * Every screen of the foundation opens and shows what it should, on desktop
 * and phone, including the clock-skew warning; every administration screen
 * opens with its title and fits the width of the screen (their flows are
 * checked on the desktop, in their own specs). Each test also saves a
 * screenshot: into $ARGUS_SHOTS_DIR when set (for a visual review), else
 * into the test's output folder.
 */
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('sign-in screen', async ({ page, signInPage }, testInfo) => {
  await signInPage.open();
  await expect(signInPage.staySignedIn).toBeVisible();
  await expect(signInPage.lowBandwidth).toBeVisible();
  await expect(signInPage.versionLabel).toBeVisible();
  await shot(page, testInfo, 'sign-in');
});

test('stage shell, users, user dialog and version', async ({ page, admin, signInPage, shell, usersPage }, testInfo) => {
  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  await expect(page.getByText('This stage has no cameras')).toBeVisible();
  await shot(page, testInfo, 'stage');

  if (await shell.navToggle.isVisible()) {
    await shell.showNav();
    await shot(page, testInfo, 'nav-drawer');
  }

  await shell.openFromNav('Users');
  await usersPage.expectLoaded();
  await expect(page.getByRole('heading', { name: 'User roles' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete user admin' })).toBeDisabled();
  await shot(page, testInfo, 'users');

  await page.getByRole('button', { name: 'Edit user admin' }).click();
  await expect(usersPage.dialog.getByLabel('Username')).toBeDisabled();
  await expect(usersPage.dialog.getByLabel('Role')).toBeDisabled();
  await usersPage.dialog.getByRole('button', { name: 'Cancel' }).click();
  await usersPage.openAddDialog();
  await usersPage.dialog.getByLabel('Username').fill('bad name');
  await usersPage.dialog.getByLabel('Email').click();
  await expect(usersPage.dialog.getByText('Invalid user name (alphanumeric characters only).')).toBeVisible();
  await expect(usersPage.dialog.getByRole('button', { name: 'Add user' })).toBeDisabled();
  await shot(page, testInfo, 'user-dialog');
  await usersPage.dialog.getByRole('button', { name: 'Cancel' }).click();

  await shell.openFromNav('Version');
  await expect(page.getByRole('heading', { name: 'Version', level: 1 })).toBeVisible();
  await expect(page.getByTestId('client-version')).toHaveText('2.12.0');
  await expect(page.getByTestId('server-version')).not.toHaveText('—');
  await shot(page, testInfo, 'version');
});

/** Administration screens whose own specs run on the desktop only (tagged ANY_VIEWPORT), with their titles. */
const ADMIN_SCREENS = [
  ['/retention', 'Retention policy'],
  ['/system-status', 'System status'],
  ['/system-report', 'System report'],
  ['/activation', 'Activation'],
  ['/properties', 'Server properties'],
  ['/advanced-settings', 'Advanced settings'],
  ['/flags', 'Advanced flags'],
] as const;

test('administration screens open with their title and fit the screen', async ({ page, admin, signInPage, shell, errors }, testInfo) => {
  // The recorder has no trusted issuer: Activation's GET /service/trusted/issuer answers 404, which hides Detach.
  errors.allow(/trusted\/issuer/);
  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  for (const [route, title] of ADMIN_SCREENS) {
    await shell.goto(route);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    // Nothing wider than the viewport: a phone scrolls down, never sideways.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: route }).toBeLessThanOrEqual(1);
    await shot(page, testInfo, `admin${route.replace('/', '-')}`);
  }
});

test('404 page', async ({ page, shell }, testInfo) => {
  await shell.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await shot(page, testInfo, 'not-found');
});

for (const [name, script] of [
  ['incognito', "Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });"],
  ['unsupported-ws', 'delete window.WebSocket;'],
] as const) {
  test(`${name} screen`, async ({ page, baseUrl }, testInfo) => {
    await page.addInitScript(script);
    await page.goto(`${baseUrl}/#/sign-in`);
    await expect(page.getByTestId(`${name}-screen`)).toBeVisible();
    await shot(page, testInfo, name);
  });
}

test('a server clock 10 minutes ahead shows the clock-skew warning', async ({ page, admin, signInPage, shell }, testInfo) => {
  await page.clock.setSystemTime(Date.now() - 10 * 60_000);
  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  const warning = page.getByRole('button', { name: 'Clock difference warning' });
  await expect(warning).toBeVisible();
  await warning.click();
  await expect(page.getByRole('dialog')).toContainText("The server's clock is 10 minutes ahead");
  await shot(page, testInfo, 'clock-skew');
});
