/**
 * The version page's Update client dialog and API docs against the shared
 * e2e recorder: no file gives 'no file specified'; an archive with a path
 * leaving its folder is refused with 'code: reason'; a zip of the built
 * client (dist/client) plus a marker file is served after Reload, then the
 * recorder is rolled back to the shipped client. Uploaded clients live in
 * the recorder's temporary data folder, so dist/client is never written;
 * the uploaded files are the same client, so other specs see no difference
 * while it is served, and the rollback runs even when the test fails.
 * The API documentation opens under the recorder's security headers.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import fs from 'node:fs';
import path from 'node:path';
import { AdminApi } from '../recorder-api';
import { expect, signInAsAdminBeforeEach, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';

const distClient = path.resolve(import.meta.dirname, '..', '..', 'dist', 'client');
const MARKER = `update-client-marker-${Date.now()}`;

function zipOfBuiltClient(extra: Record<string, string>): Buffer {
  const files: Zippable = {};
  for (const entry of fs.readdirSync(distClient, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(distClient, full).split(path.sep).join('/')] = fs.readFileSync(full);
  }
  for (const [name, text] of Object.entries(extra)) files[name] = strToU8(text);
  return Buffer.from(zipSync(files));
}

signInAsAdminBeforeEach('/version');

test.describe('update client', ANY_VIEWPORT, () => {
  test.afterAll(async () => {
    const api = await AdminApi.signIn();
    const state = await api.call<{ current: string }>('GET', '/service/ui');
    if (state.current !== 'shipped') await api.call('POST', '/service/ui/rollback');
  });

  test('checks the file, refuses a bad archive, serves a good one after Reload', async ({ page, baseUrl, errors }) => {
    errors.allow(/\/service\/ui -> 400/);
    errors.allow(/status of 400/);
    await page.getByRole('button', { name: 'Update client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update client' });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('no file specified');

    await dialog.getByLabel('Client archive (.zip)').setInputFiles({
      name: 'evil.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zipSync({ 'index.html': strToU8('<html></html>'), '../evil.html': strToU8('x') })),
    });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByRole('alert')).toHaveText("invalid-archive: the entry '../evil.html' has a path that leaves the client folder");
    expect((await fetch(`${baseUrl}/${MARKER}.txt`)).status).toBe(404);

    await dialog.getByLabel('Client archive (.zip)').setInputFiles({
      name: 'client.zip',
      mimeType: 'application/zip',
      buffer: zipOfBuiltClient({ [`${MARKER}.txt`]: MARKER }),
    });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('The client was updated. Reload the page to use it.')).toBeVisible();
    const served = await fetch(`${baseUrl}/${MARKER}.txt`);
    expect(await served.text()).toBe(MARKER);
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByTestId('client-version')).toHaveText('2.12.0');

    const api = await AdminApi.signIn();
    expect((await api.call<{ current: string }>('POST', '/service/ui/rollback')).current).toBe('shipped');
    expect((await fetch(`${baseUrl}/${MARKER}.txt`)).status).toBe(404);
  });

  test('links to the API documentation, which opens under the security headers', async ({ page, baseUrl }) => {
    await expect(page.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/service/docs');
    await expect(page.getByRole('link', { name: 'Training' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Knowledge base' })).toBeVisible();
    await page.goto(`${baseUrl}/service/docs`);
    await expect(page.getByText('Argus VMS recorder API')).toBeVisible();
    await expect(page.getByText('/service/ui/rollback')).toBeVisible();
  });
});
