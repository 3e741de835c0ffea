/**
 * The streams part of the cameras screen as a user meets it: a camera's
 * stream list, a stream's row and its buttons (by accessible name), the
 * alert above the list and the stream dialogs. Found by the list's and
 * rows' test ids and by roles; the camera card around a list is used only
 * to expand it when it is collapsed (showCamera).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class StreamsPage {
  constructor(readonly page: Page) {}

  /**
   * Makes a camera's stream list visible. The cameras screen may show a
   * camera as a collapsed card (a region or list item named by the camera,
   * with an Expand button or one marked aria-expanded="false"): that button
   * is pressed first; a card that is already open is left as it is.
   */
  async showCamera(camera: { id: string; name: string }): Promise<void> {
    const list = this.list(camera.id);
    const card = this.page.getByRole('region', { name: camera.name, exact: true }).or(this.page.getByRole('listitem', { name: camera.name, exact: true }));
    await list.or(card).first().waitFor();
    if (!(await list.isVisible())) {
      const expand = card.getByRole('button', { name: /expand/i }).or(card.locator('button[aria-expanded="false"]'));
      if ((await expand.count()) > 0) await expand.first().click();
    }
    await expect(list).toBeVisible();
  }

  list(cameraId: string): Locator {
    return this.page.getByTestId(`stream-list-${cameraId}`);
  }

  row(streamId: string): Locator {
    return this.page.getByTestId(`stream-row-${streamId}`);
  }

  alert(cameraId: string): Locator {
    return this.list(cameraId).getByTestId('stream-alert');
  }

  action(streamId: string, name: RegExp): Locator {
    return this.row(streamId).getByRole('button', { name });
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async expectState(streamId: string, state: string, timeout?: number): Promise<void> {
    await expect(this.row(streamId).getByTestId('stream-state')).toHaveText(state, timeout === undefined ? undefined : { timeout });
  }
}
