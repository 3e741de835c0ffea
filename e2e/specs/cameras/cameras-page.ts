/**
 * The camera configuration screen as a user meets it: the camera cards by
 * camera name, the header's Add camera button, select all and delete
 * selected, and the add-cameras dialog with its Auto and Manual tabs.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class CamerasPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly cards: Locator;
  readonly stats: Locator;
  readonly dialog: Locator;
  readonly deleteSelected: Locator;
  /** The shown tab of the add dialog (the Auto tab stays mounted, hidden, while Manual shows). */
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Cameras', level: 1 });
    this.addButton = page.getByRole('button', { name: 'Add camera', exact: true });
    this.cards = page.getByTestId('camera-card');
    this.stats = page.getByTestId('camera-stats');
    this.dialog = page.getByRole('dialog');
    this.deleteSelected = page.getByRole('button', { name: /^Delete selected/ });
    this.panel = this.dialog.getByRole('tabpanel');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.stats).toBeVisible();
  }

  /** The card of the camera named exactly `name`. */
  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
  }

  async select(name: string): Promise<void> {
    await this.card(name).getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
  }

  async cardAction(name: string, action: 'Edit name' | 'Recover camera' | 'Delete camera'): Promise<void> {
    await this.card(name).getByRole('button', { name: `${action}: ${name}`, exact: true }).click();
  }

  async openAddDialog(tab: 'Auto' | 'Manual' = 'Auto'): Promise<void> {
    await this.addButton.click();
    await expect(this.dialog.getByRole('heading', { name: 'Add cameras' })).toBeVisible();
    if (tab === 'Manual') await this.dialog.getByRole('tab', { name: 'Manual' }).click();
  }

  /** A row of the discovered cameras table, by its device service URL. */
  discoveredRow(url: string): Locator {
    return this.dialog.locator(`[data-testid="discovered-row"][data-url="${url}"]`);
  }

  async discover(addresses: string[]): Promise<void> {
    await this.panel.getByLabel('Addresses to search').fill(addresses.join(', '));
    await this.dialog.getByRole('button', { name: 'Discover cameras' }).click();
  }

  async setCredentials(username: string, password: string): Promise<void> {
    await this.panel.getByLabel('Username', { exact: true }).fill(username);
    await this.panel.getByLabel('Password', { exact: true }).fill(password);
  }
}
