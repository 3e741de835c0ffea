/**
 * The stage's control bar as a user meets it: the toolbar 'Timeline
 * controls', its buttons by name, the speed slider, the running time (a
 * <time> element, or 'Live') and the date-time dialog.
 */
import { expect, type Locator, type Page } from '@playwright/test';

const pad = (value: number) => String(value).padStart(2, '0');

export class ControlBarPage {
  readonly bar: Locator;
  readonly time: Locator;
  readonly speed: Locator;
  readonly speedValue: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByRole('toolbar', { name: 'Timeline controls' });
    this.time = page.getByTestId('timeline-time');
    this.speed = this.bar.getByRole('slider', { name: 'Speed' });
    this.speedValue = page.getByTestId('timeline-speed');
  }

  /** The playhead the bar shows, epoch ms, or 'live'. */
  async shownTime(): Promise<number | 'live'> {
    if ((await this.time.getAttribute('data-live')) !== null) return 'live';
    const iso = await this.time.getAttribute('datetime');
    return iso ? Date.parse(iso) : Number.NaN;
  }

  /** How far behind now the bar's playhead is, ms (0 when live). */
  async lagMs(): Promise<number> {
    const shown = await this.shownTime();
    return shown === 'live' ? 0 : Date.now() - shown;
  }

  /** Seeks with the date-time dialog, to the second (in this machine's time zone, which the browser shares). */
  async seekTo(timeMs: number): Promise<void> {
    await this.bar.getByRole('button', { name: 'Go to a date and time' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Go to a date and time' });
    await dialog.getByLabel('Set seconds').check();
    const at = new Date(timeMs);
    await dialog.getByLabel('Date').fill(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`);
    await dialog.getByLabel('Time').fill(`${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`);
    await dialog.getByRole('button', { name: 'Go to time' }).click();
    await expect(dialog).toBeHidden();
  }

  async goLive(): Promise<void> {
    await this.bar.getByRole('button', { name: 'Go live' }).click();
  }

  /** Moves the speed slider to a notch (0 is −64×, 13 is 64×). */
  async setSpeedNotch(notch: number): Promise<void> {
    await this.speed.fill(String(notch));
  }
}
