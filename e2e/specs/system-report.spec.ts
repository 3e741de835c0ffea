/**
 * The System report's log export card against the shared e2e recorder: it
 * opens with gzip and today 00:00-23:59; from after to shows 'from cannot be
 * > to' and disables Export; Export as text opens GET /service/log in a new
 * window (with a log ticket, never a session token) whose download holds the
 * recorder's own log lines from today.
 */
import fs from 'node:fs';
import type { Download } from '@playwright/test';
import { expect, signInAsAdminBeforeEach, test } from '../fixtures/test';
import { shot } from '../fixtures/shots';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';

function two(value: number): string {
  return String(value).padStart(2, '0');
}

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

signInAsAdminBeforeEach();

test.describe('system report: log export', ANY_VIEWPORT, () => {
  test('opens with gzip and today 00:00 to 23:59; from after to is refused', async ({ page, baseUrl }, testInfo) => {
    await page.goto(`${baseUrl}/#/system-report`);
    const card = page.getByRole('region', { name: 'Log export' });
    await expect(card).toBeVisible();
    await expect(card.getByLabel('Format')).toHaveValue('gzip');
    await expect(card.getByLabel('Range')).toHaveValue('today');
    await expect(card.getByLabel('From')).toHaveValue(`${today()}T00:00`);
    await expect(card.getByLabel('To')).toHaveValue(`${today()}T23:59`);
    const exportButton = card.getByRole('button', { name: 'Export' });
    await expect(exportButton).toBeEnabled();
    await shot(page, testInfo, 'system-report');

    await card.getByLabel('From').fill(`${today()}T23:59`);
    await card.getByLabel('To').fill(`${today()}T10:00`);
    await expect(card.getByRole('alert')).toHaveText('from cannot be > to');
    await expect(exportButton).toBeDisabled();
    await expect(card.getByLabel('Range')).toHaveValue('custom');
    await shot(page, testInfo, 'system-report-from-after-to');

    await card.getByLabel('Range').selectOption('today');
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(exportButton).toBeEnabled();
  });

  test('Export as text opens the log with a ticket and downloads recorder lines', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/#/system-report`);
    const card = page.getByRole('region', { name: 'Log export' });
    await card.getByLabel('Format').selectOption('text');
    const requestPromise = page.context().waitForEvent('request', (request) => new URL(request.url()).pathname === '/service/log');
    // The download happens in the new window (Chromium may also credit it to the opener); listen on both.
    const downloadPromise = new Promise<Download>((resolve) => {
      page.once('download', resolve);
      page.context().once('page', (popup) => popup.once('download', resolve));
    });
    await card.getByRole('button', { name: 'Export' }).click();
    const request = await requestPromise;
    const url = new URL(request.url());
    expect(url.searchParams.get('format')).toBe('text');
    expect(url.searchParams.get('ticket')).toBeTruthy();
    expect(url.searchParams.has('sid')).toBe(false);
    expect(request.headers().authorization).toBeUndefined();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^recorder-log-\d{8}-\d{4}\.log$/);
    const text = fs.readFileSync(await download.path(), 'utf8');
    const lines = text.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    // The recorder's own lines: its request log, including this page's sign-in call.
    expect(lines.every((line) => typeof (JSON.parse(line) as { time?: unknown }).time === 'number')).toBe(true);
    expect(text).toContain('/service/sessions/user');
  });
});
