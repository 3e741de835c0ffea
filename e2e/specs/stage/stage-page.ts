/**
 * The stage as a user meets it: the bag's cameras and tabs by their names,
 * the matrix, the player tiles and their header buttons by accessible name.
 * Moving video is read from the screen: the simulated cameras burn their
 * capture time into every frame (server/shared/time-strip.ts), so a tile
 * whose picture fills it (16:9) must show a later time on a later look;
 * where the picture is letterboxed (full screen) two looks must differ.
 *
 * Drags are made as the device would: with the mouse on the desktop, with a
 * finger on a touch screen (the phone project), where a camera in the bag
 * is first held until it lifts.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { decodeTimeStrip } from '../../../server/shared/time-strip';
import { decodePng, grayOf } from '../../fixtures/png-pixels';
import { Touch, type Point } from '../../fixtures/touch';
import type { ControlBarPage } from './control-bar-page';

export class StagePage {
  readonly grid: Locator;
  readonly tiles: Locator;
  readonly bag: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByTestId('stage-grid');
    this.tiles = page.getByTestId('player-tile');
    this.bag = page.getByRole('complementary', { name: 'Stage panel' });
  }

  bagCamera(name: string): Locator {
    return this.page.getByRole('listitem', { name: `Add ${name} to the stage`, exact: true });
  }

  tile(name: string): Locator {
    return this.page.getByRole('region', { name: `Player ${name}`, exact: true });
  }

  /** Whether the page runs on a touch screen (the phone project). */
  async isTouch(): Promise<boolean> {
    return this.page.evaluate(() => navigator.maxTouchPoints > 0);
  }

  /** Drags a bag camera onto the matrix, to a point given as fractions of the grid box (or pixels from its left when `x` is negative: from its right). */
  async dragCamera(name: string, fx: number, fy: number): Promise<void> {
    const entry = this.bagCamera(name);
    const grid = (await this.grid.boundingBox())!;
    const x = fx < 0 ? grid.width + fx : grid.width * fx;
    if (!(await this.isTouch())) {
      await entry.dragTo(this.grid, { targetPosition: { x, y: grid.height * fy } });
      return;
    }
    // The bag scrolls under a finger: the camera must be on screen, then held until it lifts.
    await entry.scrollIntoViewIfNeeded();
    const from = (await entry.boundingBox())!;
    await Touch.gesture(this.page, (touch) =>
      touch.drag(
        { x: from.x + from.width / 2, y: from.y + from.height / 2 },
        { x: grid.x + x, y: grid.y + grid.height * fy },
        { held: () => expect(entry).toHaveAttribute('data-drag', 'lifted') },
      ),
    );
    await expect(entry).not.toHaveAttribute('data-drag');
  }

  /** Drags on the matrix from one point to another: with the mouse, or a finger on a touch screen. */
  async drag(from: Point, to: Point): Promise<void> {
    if (await this.isTouch()) await Touch.gesture(this.page, (touch) => touch.drag(from, to));
    else await this.mouseDrag(from, to);
  }

  /** Two fingers on the middle of a tile, spreading (zoom in, `toDistance` > `fromDistance`) or closing. */
  async pinch(name: string, fromDistance: number, toDistance: number): Promise<void> {
    const box = (await this.tile(name).locator('.tile-media').boundingBox())!;
    await Touch.gesture(this.page, (touch) => touch.pinch({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, fromDistance, toDistance));
  }

  async expectPlaying(name: string, type?: 'webrtc' | 'lowbandwidth'): Promise<void> {
    const tile = this.tile(name);
    if (type) await expect(tile).toHaveAttribute('data-player-type', type, { timeout: 30_000 });
    await expect(tile).toHaveAttribute('data-source', 'playing', { timeout: 30_000 });
  }

  /** The capture time shown by a tile whose picture fills it, or undefined when no time strip can be read. */
  async tileTime(name: string): Promise<number | undefined> {
    // Away from the tile and out of its header, so the header does not cover the strip.
    await this.page.mouse.move(0, 0);
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Touch screens show the header always: it is hidden for the picture only
    // (through the style object: the page's CSP refuses injected style sheets).
    const header = this.tile(name).locator('.tile-header');
    const hide = (visibility: string) => header.evaluateAll((nodes, value) => nodes.forEach((node) => ((node as HTMLElement).style.visibility = value)), visibility);
    await hide('hidden');
    const png = await this.tile(name).locator('.tile-media').screenshot().finally(() => hide(''));
    const picture = screenshotPixels(png, 'gray');
    const gray = picture.values;
    // A picture that fills its tile is read whole; a tile of another shape than the camera's 16:9
    // (one tile alone on a wide stage) shows it letterboxed or pillarboxed, so the part it covers is read.
    return decodeTimeStrip(gray, picture.width, picture.height) ?? decodeTimeStrip(...containedPicture(gray, picture.width, picture.height));
  }

  /**
   * How far the capture time burnt into the tile's picture is from the bar's
   * time (now, while live), ms; Infinity while no time strip can be read.
   * The bar's time is read on both sides of the tile's screenshot, which
   * takes seconds on a loaded machine: the picture is compared with the bar
   * over that whole span, not with the bar's time after it.
   */
  async distanceFromBarMs(name: string, bar: ControlBarPage): Promise<number> {
    const before = Date.now() - (await bar.lagMs());
    const shown = await this.tileTime(name);
    const after = Date.now() - (await bar.lagMs());
    if (shown === undefined) return Number.POSITIVE_INFINITY;
    return shown < before ? before - shown : Math.max(0, shown - after);
  }

  /** Waits until the camera clock burnt into the tile's picture moves on. */
  async expectClockAdvancing(name: string): Promise<void> {
    let first: number | undefined;
    await expect.poll(async () => (first = await this.tileTime(name)) !== undefined, { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => ((await this.tileTime(name)) ?? 0) > first!, { timeout: 15_000 }).toBe(true);
  }

  /** Waits until the tile's picture changes between two looks. */
  async expectMovingVideo(name: string): Promise<void> {
    const media = this.tile(name).locator('.tile-media');
    await this.page.mouse.move(0, 0);
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const first = await media.screenshot();
    await expect.poll(async () => Buffer.compare(first, await media.screenshot()) !== 0, { timeout: 15_000 }).toBe(true);
  }

  /**
   * Runs a header action of the tile: its button, or on a narrow tile (a
   * phone's wall) the same action in the header's "More actions" menu.
   */
  async tileAction(name: string, action: string): Promise<void> {
    const button = await this.header(name, action);
    if (await button.isVisible()) return button.click();
    await (await this.header(name, 'More actions')).click();
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
  }

  /** Whether a header action is offered, as a button or in the "More actions" menu. */
  async expectTileAction(name: string, action: string): Promise<void> {
    const button = await this.header(name, action);
    if (await button.isVisible()) return;
    await (await this.header(name, 'More actions')).click();
    await expect(this.page.getByRole('menuitem', { name: action, exact: true })).toBeVisible();
    await this.page.keyboard.press('Escape');
  }

  async header(name: string, button: string | RegExp): Promise<Locator> {
    const tile = this.tile(name);
    await tile.hover();
    return tile.getByRole('button', { name: button });
  }

  /** Cameras on the wall as saved in this browser (IndexedDB, 'stage-matrix:<user id>'); saving is debounced by 1 s. */
  async locallySavedCameras(): Promise<number> {
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onerror = () => resolve(-1);
          open.onsuccess = () => {
            const request = open.result.transaction('keyval', 'readonly').objectStore('keyval').getAll();
            request.onsuccess = () => {
              const matrices = (request.result as unknown[]).filter(Array.isArray) as Array<Array<Array<{ camera: unknown }>>>;
              resolve(matrices.reduce((sum, matrix) => sum + matrix.flat().filter((cell) => cell.camera).length, 0));
              open.result.close();
            };
          };
        }),
    );
  }

  /** Drags with the mouse from one point to another (pointer events, as the grid reads them). */
  async mouseDrag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    await this.page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await this.page.mouse.move(to.x, to.y, { steps: 5 });
    await this.page.mouse.up();
  }
}

/** A screenshot's pixels, as gray levels (one value a pixel) or RGBA (four), decoded in the test process. */
export function screenshotPixels(png: Buffer, kind: 'gray' | 'rgba'): { width: number; height: number; values: Uint8Array } {
  const { width, height, rgba } = decodePng(png);
  return { width, height, values: kind === 'rgba' ? rgba : grayOf(rgba) };
}

/**
 * The part of a gray screenshot the camera's picture covers: the box around every pixel brighter than
 * the black of a letterbox (the strip's top-left cell is white, so the box starts at the picture's corner).
 */
function containedPicture(gray: Uint8Array, width: number, height: number): [Uint8Array, number, number] {
  const LETTERBOX_MAX = 40;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (gray[y * width + x]! <= LETTERBOX_MAX) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < left || bottom < top) return [gray, width, height];
  const innerWidth = right - left + 1;
  const innerHeight = bottom - top + 1;
  const inner = new Uint8Array(innerWidth * innerHeight);
  for (let y = 0; y < innerHeight; y++) inner.set(gray.subarray((top + y) * width + left, (top + y) * width + left + innerWidth), y * innerWidth);
  return [inner, innerWidth, innerHeight];
}
