/**
 * The export dialog as a user meets it: opened from the control bar's
 * Export button; Start and End each a date and a time to the second; the
 * duration line; the range's error; one row per camera with a button per
 * format ('Export <camera> as <format>').
 */
import { expect, type Download, type Locator, type Page } from '@playwright/test';

const pad = (value: number) => String(value).padStart(2, '0');

export class ExportDialogPage {
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly duration: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByRole('toolbar', { name: 'Timeline controls' }).getByRole('button', { name: 'Export video' });
    this.dialog = page.getByRole('dialog', { name: 'Export video' });
    this.duration = this.dialog.getByTestId('export-duration');
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await expect(this.dialog).toBeVisible();
  }

  /** Types one end of the range, to the second, in this machine's time zone (which the browser shares). */
  async setEnd(end: 'Start' | 'End', timeMs: number): Promise<void> {
    const group = this.dialog.getByRole('group', { name: end });
    const at = new Date(timeMs);
    await group.getByLabel('Date').fill(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`);
    await group.getByLabel('Time').fill(`${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`);
  }

  async setRange(startMs: number, stopMs: number): Promise<void> {
    await this.setEnd('Start', startMs);
    await this.setEnd('End', stopMs);
  }

  formatButton(camera: string, format: 'mkv' | 'mov' | 'html dewarp'): Locator {
    return this.dialog.getByRole('button', { name: `Export ${camera} as ${format}`, exact: true });
  }

  /**
   * Clicks a format; waits for the new window and the file it downloads.
   * Chromium closes the window once its navigation turns into a download
   * and reports the download on the page that opened it.
   */
  async download(camera: string, format: 'mkv' | 'mov'): Promise<Download> {
    const [, download] = await Promise.all([
      this.page.waitForEvent('popup'),
      this.page.waitForEvent('download'),
      this.formatButton(camera, format).click(),
    ]);
    return download;
  }
}
