/** The retention policy screen: the per-camera table, its Save and Cancel, the disk bars. */
import { expect, type Locator, type Page } from '@playwright/test';

export class RetentionPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly usageTable: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly diskBar: Locator;
  readonly estimateBar: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Retention policy', level: 1 });
    this.table = page.getByRole('table', { name: 'Retention per camera' });
    this.usageTable = page.getByRole('table', { name: 'Current disk usage per camera' });
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    this.diskBar = page.getByTestId('disk-bar');
    this.estimateBar = page.getByTestId('estimate-bar');
  }

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/#/retention`);
    await expect(this.heading).toBeVisible();
    await expect(this.table).toBeVisible();
  }

  row(cameraId: string): Locator {
    return this.page.getByTestId(`retention-row-${cameraId}`);
  }

  automaticButton(cameraName: string): Locator {
    return this.page.getByRole('button', { name: `Set a manual retention for ${cameraName}` });
  }

  daysBox(cameraName: string): Locator {
    return this.page.getByRole('spinbutton', { name: `Days to keep ${cameraName}` });
  }

  backToAutomatic(cameraName: string): Locator {
    return this.page.getByRole('button', { name: `Back to automatic for ${cameraName}` });
  }
}
