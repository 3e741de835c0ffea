/**
 * A player tile's PTZ pane as a user meets it: the movement buttons by
 * name, the presets pane and its dialogs, and the tile's picture as the
 * user sees it, reduced to a grid of gray levels for comparing two looks.
 *
 * The picture is read from a screenshot of the tile's media area, so it is
 * what is on screen whatever draws it (video element, canvas or the stage
 * compositor). Left out of the comparison: the camera's time strip (the
 * top of the picture, it changes every frame), the bars beside a
 * letterboxed picture, and whatever the player draws over the picture
 * (header, PTZ buttons, presets pane, badges), whose looks change with the
 * pointer. The simulator's moving object must be off for a still picture.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { screenshotPixels } from './stage-page';

/** Gray means of the picture's cells; null where a cell is left out. */
export type PictureGrid = Array<number | null>;

const GRID_COLUMNS = 48;
const GRID_ROWS = 27;
/** The time strip is the top 2 / 22.5 of the picture (server/shared/time-strip.ts); a margin for scaling. */
const STRIP_FRACTION = 0.12;
const COVERING = ['.tile-header', '.ptz-pad', '.ptz-presets', '.tile-overlay', '.tile-slow', '.tile-own-time'];

/** Mean absolute gray difference of the cells both pictures have. */
export function pictureDifference(a: PictureGrid, b: PictureGrid): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x == null || y == null) continue;
    sum += Math.abs(x - y);
    count++;
  }
  if (count < a.length / 4) throw new Error(`only ${count} of ${a.length} picture cells are uncovered`);
  return sum / count;
}

export class PtzTilePage {
  readonly presets: Locator;
  readonly media: Locator;

  constructor(
    readonly page: Page,
    readonly tile: Locator,
  ) {
    this.presets = tile.getByRole('region', { name: 'Presets' });
    this.media = tile.locator('.tile-media');
  }

  button(name: string): Locator {
    return this.tile.getByRole('button', { name, exact: true });
  }

  presetNames(): Locator {
    return this.presets.getByRole('listitem');
  }

  /** Presses a movement button and keeps it pressed (the mouse stays down on it). */
  async press(name: string): Promise<void> {
    const box = (await this.button(name).boundingBox())!;
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await this.page.mouse.down();
  }

  /** The picture as a grid of gray levels (see the module comment). */
  async picture(): Promise<PictureGrid> {
    const box = (await this.media.boundingBox())!;
    const covers = await this.tile.evaluate((tile, selectors) => {
      const media = tile.querySelector('.tile-media')!.getBoundingClientRect();
      return selectors.flatMap((selector) =>
        [...tile.querySelectorAll(selector)].map((element) => {
          const rect = element.getBoundingClientRect();
          return { x: rect.left - media.left, y: rect.top - media.top, width: rect.width, height: rect.height };
        }),
      );
    }, COVERING);
    const png = await this.media.screenshot();
    const picture = screenshotPixels(png, 'gray');
    const scale = picture.width / box.width;
    // The picture (16:9) contained in the media box.
    const aspect = 16 / 9;
    const pictureWidth = Math.min(box.width, box.height * aspect);
    const pictureHeight = pictureWidth / aspect;
    const left = (box.width - pictureWidth) / 2;
    const top = (box.height - pictureHeight) / 2;
    const cellWidth = pictureWidth / GRID_COLUMNS;
    const cellHeight = pictureHeight / GRID_ROWS;
    const covered = (x: number, y: number, w: number, h: number) => covers.some((c) => x < c.x + c.width && x + w > c.x && y < c.y + c.height && y + h > c.y);
    const grid: Array<number | null> = [];
    for (let row = 0; row < GRID_ROWS; row++) {
      for (let column = 0; column < GRID_COLUMNS; column++) {
        const x = left + column * cellWidth;
        const y = top + row * cellHeight;
        if ((row + 1) / GRID_ROWS <= STRIP_FRACTION || covered(x, y, cellWidth, cellHeight)) {
          grid.push(null);
          continue;
        }
        let sum = 0;
        let count = 0;
        for (let py = Math.floor(y * scale); py < Math.floor((y + cellHeight) * scale); py++) {
          for (let px = Math.floor(x * scale); px < Math.floor((x + cellWidth) * scale); px++) {
            sum += picture.values[py * picture.width + px]!;
            count++;
          }
        }
        grid.push(count > 0 ? sum / count : null);
      }
    }
    return grid;
  }

  /** Waits until two looks a moment apart agree (the picture holds still), and answers the last. */
  async stillPicture(tolerance: number): Promise<PictureGrid> {
    let last = await this.picture();
    let current = last;
    await expect
      .poll(
        async () => {
          current = await this.picture();
          const difference = pictureDifference(last, current);
          last = current;
          return difference;
        },
        { timeout: 30_000, intervals: [1000] },
      )
      .toBeLessThan(tolerance);
    return current;
  }

  /** Waits until the picture differs from `from` by more than `threshold`. */
  async expectChangedFrom(from: PictureGrid, threshold: number): Promise<void> {
    await expect.poll(async () => pictureDifference(from, await this.picture()), { timeout: 30_000, intervals: [250] }).toBeGreaterThan(threshold);
  }
}
