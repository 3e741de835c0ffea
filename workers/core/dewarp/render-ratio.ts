/**
 * The pixel ratio the stage compositor's canvas renders at. Spec 9 renders
 * dewarped pictures at a pixel ratio of 4 (DEWARP_RENDER_PIXEL_RATIO): a
 * dewarp stretches the middle of the fisheye picture, and drawing it on a
 * finer grid than the screen's (then scaled down by the browser) keeps
 * straight lines smooth. The compositor has one canvas for the whole stage,
 * so the ratio applies to all of it while any tile dewarps, and it is only
 * taken where the machine can afford it:
 *
 *  - with software rendering (SwiftShader, llvmpipe: no GPU, as in CI) the
 *    cost grows with every pixel drawn (tile-renderer-design.md measured
 *    about 5 ms per 640x360 picture), so the device's own ratio is kept;
 *  - otherwise the canvas stays within the GPU's largest texture and
 *    renderbuffer side and within a pixel budget (a 4096x4096 canvas,
 *    64 MB), so a full-screen stage on a 4K screen gets less than 4.
 *
 * Never below the device's pixel ratio. Pure.
 */
import { DEWARP_RENDER_PIXEL_RATIO } from './dewarp-settings';

export interface RenderCapacity {
  /** The largest canvas side the context can render and sample (texture, renderbuffer, viewport). */
  maxSide: number;
  /** Whether the context renders in software. */
  software: boolean;
}

/** Pixels the compositor canvas may have while it supersamples dewarped tiles. */
export const DEWARP_RENDER_PIXEL_BUDGET = 4096 * 4096;

export function compositorPixelRatio(
  css: { width: number; height: number },
  devicePixelRatio: number,
  dewarping: boolean,
  capacity: RenderCapacity,
): number {
  const device = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  if (!dewarping || capacity.software) return device;
  const width = Math.max(1, css.width);
  const height = Math.max(1, css.height);
  const bySide = capacity.maxSide / Math.max(width, height);
  const byBudget = Math.sqrt(DEWARP_RENDER_PIXEL_BUDGET / (width * height));
  return Math.max(device, Math.min(DEWARP_RENDER_PIXEL_RATIO, bySide, byBudget));
}

/** Whether a WebGL renderer string names a software rasteriser. */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(renderer);
}
