/** The sign-in screen as a user sees it: fields by label, the button by name, messages by text. */
import { expect, type Locator, type Page } from '@playwright/test';

export class SignInPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly staySignedIn: Locator;
  readonly lowBandwidth: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly versionLabel: Locator;

  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {
    this.username = page.getByLabel('Username');
    this.password = page.getByLabel('Password');
    this.staySignedIn = page.getByLabel('Stay signed in');
    this.lowBandwidth = page.getByLabel('Low-bandwidth mode');
    this.submit = page.getByRole('button', { name: 'Sign in' });
    this.error = page.getByRole('alert');
    this.versionLabel = page.getByText(/^Version \d/);
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`${this.baseUrl}/#/sign-in${query}`);
    await expect(this.username).toBeVisible();
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await expect(this.submit).toBeEnabled();
    await this.submit.click();
  }
}
