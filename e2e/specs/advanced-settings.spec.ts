/**
 * Advanced settings (spec 2) as an administrator against the shared e2e
 * recorder: Save waits for a change; a new log level and default player
 * mode are saved, the app reloads at its base URL, the recorder answers
 * the new level and the screen shows both again; leaving with unsaved
 * changes asks (Stay keeps the screen, Leave goes); Cancel returns to the
 * stage; the advanced flags of /flags are kept in this browser. The
 * recorder's level is put back at the end.
 */
import type { LogLevelSetting } from '../../server/shared/api';
import { shot } from '../fixtures/shots';
import { expect, signInAsAdminBeforeEach, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { AdminApi } from '../recorder-api';

let recorder: AdminApi;
let levelBefore: LogLevelSetting['level'];

test.beforeAll(async () => {
  recorder = await AdminApi.signIn();
  levelBefore = (await recorder.call<LogLevelSetting>('GET', '/service/server/log-level')).level;
});

test.afterAll(async () => {
  await recorder.call('PUT', '/service/server/log-level', { level: levelBefore });
});

signInAsAdminBeforeEach();

test.describe.configure({ mode: 'serial' });

test('saves the log level and default player mode, reloads at the base URL, and shows them again', ANY_VIEWPORT, async ({ page, baseUrl, shell }, testInfo) => {
  await page.goto(`${baseUrl}/#/advanced-settings`);
  const form = page.getByRole('form', { name: 'Advanced settings' });
  const save = form.getByRole('button', { name: 'Save', exact: true });
  await expect(form.getByLabel('Log Level')).toHaveValue(levelBefore);
  await expect(save).toBeDisabled();
  await shot(page, testInfo, 'advanced-settings');

  const level = levelBefore === 'DEBUG' ? 'TRACE' : 'DEBUG';
  await form.getByLabel('Log Level').selectOption(level);
  await form.getByLabel('Default Player Mode').selectOption('lowbandwidth');
  await expect(save).toBeEnabled();
  await save.click();

  // The app starts again at its base URL: no route in the address; the session takes it to the stage.
  await page.waitForURL((url) => !url.hash.includes('advanced-settings'));
  await shell.expectStage();
  expect((await recorder.call<LogLevelSetting>('GET', '/service/server/log-level')).level).toBe(level);

  await page.goto(`${baseUrl}/#/advanced-settings`);
  await expect(form.getByLabel('Log Level')).toHaveValue(level);
  await expect(form.getByLabel('Default Player Mode')).toHaveValue('lowbandwidth');
});

test('leaving with unsaved changes asks: Stay keeps the screen, Leave goes; Cancel returns to the stage', ANY_VIEWPORT, async ({ page, baseUrl, shell }) => {
  await page.goto(`${baseUrl}/#/advanced-settings`);
  const form = page.getByRole('form', { name: 'Advanced settings' });
  await form.getByLabel('WebRTC Support Override').selectOption('disabled');

  await shell.logo.click();
  const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(prompt).toBeHidden();
  await expect(form.getByLabel('WebRTC Support Override')).toHaveValue('disabled');

  await shell.logo.click();
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await shell.expectStage();

  // Nothing changed: Cancel leaves without asking.
  await page.goto(`${baseUrl}/#/advanced-settings`);
  await expect(form.getByLabel('WebRTC Support Override')).toHaveValue('none');
  await form.getByRole('button', { name: 'Cancel', exact: true }).click();
  await shell.expectStage();
});

test('advanced flags apply at once and are kept in this browser; reset restores the defaults', ANY_VIEWPORT, async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/#/flags`);
  const flag = page.getByRole('checkbox', { name: 'groups.orchids.show' });
  await expect(flag).toBeChecked();
  await flag.uncheck();
  await page.reload();
  await expect(flag).not.toBeChecked();
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(flag).toBeChecked();
  await page.reload();
  await expect(flag).toBeChecked();
});
