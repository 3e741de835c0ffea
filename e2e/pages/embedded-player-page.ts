/**
 * The single player inside another site's page: the frame, its player tile
 * and control bar, what the player shows instead when it cannot play, and
 * the embedding page's own status line (what the player told it).
 *
 * Moving video is read from the picture: the simulated cameras burn their
 * capture time into every frame (server/shared/time-strip.ts). The player
 * fills its area with the camera's 16:9 picture centred in it (contain), so
 * the strip is read from the top-left band of that 16:9 box. Only the band
 * is captured: screenshots of a page with a cross-origin frame playing
 * video are slow on a loaded machine, and a small one is less so.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import {
  decodeTimeStrip,
  TIME_STRIP_CELL_HEIGHT_FRACTION,
  TIME_STRIP_CELL_WIDTH_FRACTION,
  TIME_STRIP_COLUMNS,
  TIME_STRIP_ROWS,
} from '../../server/shared/time-strip';
import { decodePng, grayOf } from '../fixtures/png-pixels';

export class EmbeddedPlayerPage {
  readonly frame: FrameLocator;
  readonly tile: Locator;
  readonly controlBar: Locator;
  readonly hostStatus: Locator;

  constructor(readonly page: Page) {
    this.frame = page.frameLocator('#player');
    this.tile = this.frame.getByTestId('player-tile');
    this.controlBar = this.frame.getByRole('toolbar', { name: 'Timeline controls' });
    this.hostStatus = page.locator('#player-status');
  }

  /** The error the player shows in place of the video (spec 8). */
  error(title: string): Locator {
    return this.frame.getByRole('alert').filter({ has: this.frame.getByRole('heading', { name: title }) });
  }

  async expectPlaying(type?: 'webrtc' | 'lowbandwidth'): Promise<void> {
    if (type) await expect(this.tile).toHaveAttribute('data-player-type', type, { timeout: 30_000 });
    await expect(this.tile).toHaveAttribute('data-source', 'playing', { timeout: 30_000 });
  }

  /** The capture time the picture shows, or undefined when no time strip can be read. */
  async shownTime(): Promise<number | undefined> {
    await this.page.mouse.move(0, 0);
    const box = await this.tile.locator('.tile-media').boundingBox();
    if (!box) return undefined;
    // The 16:9 picture as the player lays it out (contained, centred); only its strip band is captured.
    const width = Math.min(box.width, (box.height * 16) / 9);
    const height = Math.min(box.height, (box.width * 9) / 16);
    const left = box.x + (box.width - width) / 2;
    const top = box.y + (box.height - height) / 2;
    const band = { x: left, y: top, width: width * (TIME_STRIP_COLUMNS + 1) * TIME_STRIP_CELL_WIDTH_FRACTION, height: height * (TIME_STRIP_ROWS + 0.5) * TIME_STRIP_CELL_HEIGHT_FRACTION };
    const png = await this.page.screenshot({ clip: band });
    const size = { width: Math.round(width), height: Math.round(height) };
    // The band at the top-left of a picture-sized gray image (black elsewhere), so the strip's geometry holds.
    const captured = decodePng(png);
    const capturedGray = grayOf(captured.rgba);
    const gray = new Uint8Array(size.width * size.height);
    for (let y = 0; y < Math.min(captured.height, size.height); y++) {
      gray.set(capturedGray.subarray(y * captured.width, y * captured.width + Math.min(captured.width, size.width)), y * size.width);
    }
    return decodeTimeStrip(gray, size.width, size.height);
  }

  /** Waits until the camera clock in the picture moves on; answers the first time read. */
  async expectClockAdvancing(): Promise<number> {
    let first: number | undefined;
    await expect.poll(async () => (first = await this.shownTime()) !== undefined, { timeout: 45_000 }).toBe(true);
    await expect.poll(async () => ((await this.shownTime()) ?? 0) > first!, { timeout: 45_000 }).toBe(true);
    return first!;
  }
}
