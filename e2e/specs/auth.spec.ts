/**
 * Signing in and out, roles and guards against a real recorder: an admin
 * creates a Viewer, the Viewer sees the Viewer's navigation and is sent to
 * the stage from an admin-only screen; a Manager sees system status and
 * report but none of the administrators' screens; a wrong password shows the
 * server's reason.
 */
import { expect, test } from '../fixtures/test';
import { AdminApi } from '../recorder-api';

test('an admin creates a Viewer, who sees only the Viewer navigation', async ({ admin, signInPage, shell, usersPage }, testInfo) => {
  const viewer = {
    username: `viewer_${testInfo.project.name}_${Date.now().toString(36)}`,
    email: 'viewer@example.com',
    password: 'viewer-pass',
    role: 'Viewer' as const,
  };

  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
  await expect(await shell.signedInUser()).toContainText('admin');
  expect(await shell.navEntries()).toEqual([
    'Stage',
    'Cameras',
    'Retention',
    'Users',
    'System status',
    'System report',
    'Activation',
    'Advanced settings',
    'Server properties',
    'Version',
  ]);

  await shell.openFromNav('Users');
  await usersPage.expectLoaded();
  await usersPage.addUser(viewer);

  await shell.signOut();
  await signInPage.signIn(viewer.username, viewer.password);
  await shell.expectStage();
  expect(await shell.navEntries()).toEqual(['Stage', 'Version']);

  await shell.goto('/users');
  await shell.expectStage();
  await shell.goto('/cameras');
  await shell.expectStage();
});

test('a Manager sees system status and report, and is sent to the stage from retention, activation and the settings', async ({ page, signInPage, shell }, testInfo) => {
  const manager = { username: `manager_${testInfo.project.name}_${Date.now().toString(36)}`, password: 'manager-pass' };
  const recorder = await AdminApi.signIn();
  await recorder.call('POST', '/service/users', { ...manager, passwordConfirm: manager.password, role: 'Manager', email: 'manager@example.com' });

  await signInPage.open();
  await signInPage.signIn(manager.username, manager.password);
  await shell.expectStage();
  expect(await shell.navEntries()).toEqual(['Stage', 'System status', 'System report', 'Version']);
  await shell.goto('/system-status');
  await expect(page.getByRole('heading', { name: 'System status', level: 1 })).toBeVisible();
  await shell.goto('/system-report');
  await expect(page.getByRole('heading', { name: 'System report', level: 1 })).toBeVisible();
  for (const route of ['/retention', '/activation', '/advanced-settings', '/properties', '/cameras', '/users']) {
    await shell.goto(route);
    await shell.expectStage();
  }
});

test('a wrong password shows the server reason', async ({ signInPage, errors }) => {
  errors.allow(/status of 401/);
  errors.allow(/\/service\/sessions\/user -> 401/);
  await signInPage.open();
  await signInPage.signIn('admin', 'not-the-password');
  await expect(signInPage.error).toHaveText('Invalid username or password.');
  await expect(signInPage.submit).toBeEnabled();
});

test('the sign-in button waits for both fields', async ({ signInPage }) => {
  await signInPage.open();
  await expect(signInPage.submit).toBeDisabled();
  await signInPage.username.fill('someone@example-domain');
  await expect(signInPage.submit).toBeDisabled();
  await signInPage.password.fill('x');
  await expect(signInPage.submit).toBeEnabled();
  await expect(signInPage.versionLabel).toBeVisible();
});

test('an unknown path shows the 404 page, and / goes to sign-in', async ({ page, shell }) => {
  await shell.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await shell.goto('/');
  await expect(page).toHaveURL(/#\/sign-in$/);
});

test('an admin-only screen without a session goes to sign-in', async ({ page, shell }) => {
  await shell.goto('/users');
  await expect(page).toHaveURL(/#\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
