/**
 * The streams part of the cameras screen as a user meets it: a camera's
 * stream list, a stream's row and its buttons (by accessible name), the
 * alert above the list and the stream dialogs. Found by the list's and
 * rows' test ids and by roles, never through the camera card around them.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class StreamsPage {
  constructor(readonly page: Page) {}

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
