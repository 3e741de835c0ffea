/**
 * The stage's timeline scale as a user sees it: a picture, drawn by Pixi in
 * a worker (workers/core/timeline-view/timeline-renderer.ts), read here from
 * a screenshot. Each followed camera's recorded spans are its colour
 * (camera-colours.ts) at 32% over the track background, its motion the
 * colour itself; while live, the red needle stands at now and the scale
 * spans the live half-window (4 minutes by default) on each side of it.
 * The future, right of now, is darkened.
 */
import type { Locator, Page } from '@playwright/test';
import { cameraColour } from '../../../workers/core/timeline-view/camera-colours';
import { trackBand } from '../../../workers/core/timeline-view/timeline-geometry';
import { screenshotPixels } from './stage-page';

/** Spec 9: the live view's default half-window. */
const LIVE_HALF_WINDOW_MS = 240_000;
/** The renderer's track background, label row and needle (timeline-renderer.ts). */
const TRACK_BACKGROUND = 0x1a2029;
const LIVE_NEEDLE = 0xe5484d;
const ARCHIVE_ALPHA = 0.32;
/** How far a screenshot's channel may be from the colour drawn (blending rounds; the page's colour profile may move it a little). */
const CHANNEL_TOLERANCE = 10;

const channels = (rgb: number) => [(rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff] as const;

function blend(top: number, bottom: number, alpha: number): readonly number[] {
  const [a, b] = [channels(top), channels(bottom)];
  return a.map((value, i) => Math.round(alpha * value + (1 - alpha) * b[i]!));
}

/** A time on the scale, known to lie between two instants (the screenshot takes a while). */
export interface ShownTime {
  fromMs: number;
  toMs: number;
}

export class TimelineScalePage {
  readonly canvas: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.getByTestId('timeline-scale').locator('canvas');
  }

  /**
   * While live: the earliest time the scale shows recorded for a camera (the
   * leftmost column in its colour, placed by its distance from the needle),
   * or undefined when no recording of it shows left of now. Only the
   * camera's own track is read, `track.index` of `track.count` from the top
   * (the stage's order): two cameras can share a colour (36 colours, by a
   * hash of the id), and then another's recording would be taken for its.
   */
  async earliestRecorded(cameraId: string, track: { index: number; count: number }): Promise<ShownTime | undefined> {
    const box = (await this.canvas.boundingBox())!;
    const beforeMs = Date.now();
    const png = await this.canvas.screenshot();
    const afterMs = Date.now();
    const { width, height, values } = screenshotPixels(png, 'rgba');
    const scale = width / box.width;
    const near = (x: number, y: number, colour: readonly number[]) => colour.every((value, i) => Math.abs(values[(y * width + x) * 4 + i]! - value) <= CHANNEL_TOLERANCE);

    // The needle's cap (8 px wide, on the top rows) is the first red from the left; the live label at the right end is red too.
    const needleColour = channels(LIVE_NEEDLE);
    const capRow = Math.round(scale);
    let capStart = -1;
    let capEnd = -1;
    for (let x = 0; x < width && (capEnd < 0 || capEnd === x - 1); x++) {
      if (!near(x, capRow, needleColour)) continue;
      if (capStart < 0) capStart = x;
      capEnd = x;
    }
    if (capStart < 0) throw new Error('no live needle on the timeline scale');
    const needleX = (capStart + capEnd + 1) / 2;

    const archive = blend(cameraColour(cameraId), TRACK_BACKGROUND, ARCHIVE_ALPHA);
    const motion = channels(cameraColour(cameraId));
    // The track's rows where the renderer draws it (CSS pixels, then the screenshot's).
    const band = trackBand(box.height, track.index, track.count);
    const [firstRow, endRow] = [Math.ceil(band.top * scale), Math.min(height, Math.floor((band.top + band.height) * scale))];
    for (let x = 0; x < capStart; x++) {
      for (let y = firstRow; y < endRow; y++) {
        if (!near(x, y, archive) && !near(x, y, motion)) continue;
        const msPerScreenshotPx = (2 * LIVE_HALF_WINDOW_MS) / box.width / scale;
        const fromNeedleMs = (x - needleX) * msPerScreenshotPx;
        // A column is a pixel wide: the span may start anywhere in it.
        return { fromMs: beforeMs + fromNeedleMs - msPerScreenshotPx, toMs: afterMs + fromNeedleMs + msPerScreenshotPx };
      }
    }
    return undefined;
  }
}
