/**
 * The main shell: top bar, navigation (in a drawer on phones), user menu.
 * Methods open the drawer when the screen is narrow, as a user would.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ShellPage {
  readonly nav: Locator;
  readonly navToggle: Locator;
  readonly stage: Locator;
  readonly logo: Locator;

  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {
    this.nav = page.getByRole('navigation', { name: 'Main navigation' });
    this.navToggle = page.getByRole('button', { name: 'Open navigation' });
    this.stage = page.getByTestId('stage');
    this.logo = page.getByRole('link', { name: /go to the stage/ });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/#${path}`);
  }

  async expectStage(): Promise<void> {
    await expect(this.page).toHaveURL(/#\/stage$/);
    await expect(this.stage).toBeVisible();
  }

  async signedInUser(): Promise<Locator> {
    return this.page.getByRole('button', { name: /^Account menu for / });
  }

  /** Opens the drawer on narrow screens; a no-op where the navigation is always shown. */
  async showNav(): Promise<void> {
    if (await this.navToggle.isVisible()) await this.navToggle.click();
    await expect(this.nav.getByRole('link').first()).toBeVisible();
  }

  async navEntries(): Promise<string[]> {
    await this.showNav();
    return (await this.nav.getByRole('link').allTextContents()).map((text) => text.trim());
  }

  async openFromNav(name: string): Promise<void> {
    await this.showNav();
    await this.nav.getByRole('link', { name, exact: true }).click();
  }

  async signOut(): Promise<void> {
    await (await this.signedInUser()).click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(this.page).toHaveURL(/#\/sign-in/);
  }
}
