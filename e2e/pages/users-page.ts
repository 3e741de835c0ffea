/** The users screen, its add/edit dialog and (multi-server mode) the bulk dialogs' table of servers. */
import { expect, type Locator, type Page } from '@playwright/test';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  role: 'Live Viewer' | 'Viewer' | 'Manager' | 'Administrator';
}

export class UsersPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly table: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Users', level: 1 });
    this.addButton = page.getByRole('button', { name: 'Add user' });
    this.table = page.getByRole('table', { name: 'Users' });
    this.dialog = page.getByRole('dialog');
  }

  row(username: string): Locator {
    return this.page.getByTestId(`user-row-${username}`);
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.row('admin')).toBeVisible();
  }

  async openAddDialog(): Promise<void> {
    await expect(this.addButton).toBeEnabled();
    await this.addButton.click();
    await expect(this.dialog.getByRole('heading', { name: 'Add user' })).toBeVisible();
  }

  /** Fills the open add dialog's fields. */
  async fillUser(user: NewUser): Promise<void> {
    await this.dialog.getByLabel('Username').fill(user.username);
    await this.dialog.getByLabel('Email').fill(user.email);
    await this.dialog.getByLabel('Role').selectOption(user.role);
    await this.dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await this.dialog.getByLabel('Confirm password').fill(user.password);
  }

  /** A server's row in the open dialog's table of servers. */
  serverRow(serverName: string): Locator {
    return this.dialog.getByTestId(`server-user-row-${serverName}`);
  }

  async addUser(user: NewUser): Promise<void> {
    await this.openAddDialog();
    await this.fillUser(user);
    await this.dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(this.dialog).toBeHidden();
    await expect(this.row(user.username)).toContainText(user.role);
  }
}
