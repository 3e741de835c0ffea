/**
 * The pure half of the tile compositor: where each tile draws inside the
 * shared canvas and with which program. Given tile rectangles in CSS pixels
 * (from stage-grid geometry), the canvas pixel ratio and each tile's frame
 * size it answers GL viewports and scissors in device pixels with the
 * bottom-left origin GL uses:
 * - plain tiles keep the frame's aspect (letterboxed, black bars), with the
 *   digital zoom's visible part as u_texRect;
 * - perspective dewarp fills the tile (the view's aspect is the tile's);
 * - panorama letterboxes to its aspect ratio (0 fills the tile).
 *
 * Cost: O(1) per tile, run when the layout, a setting or a frame size
 * changes, never per frame. Limits: rectangles are rounded to whole device
 * pixels, so neighbouring tiles may differ by one pixel.
 */
import type { DewarpOrientation, PerspectiveView } from './dewarp/dewarp-settings';
import type { DigitalView } from './digital-zoom';
import type { Rect } from './rect';
import { panoramaRect } from './dewarp/panorama';

export type TileProgram = 'plain' | 'perspective' | 'panorama';

/** Uniform names of shaders/tile.frag. */
export const TILE_UNIFORM_NAMES = ['u_texture', 'u_texRect'] as const;

export type TileDewarp =
  | { mode: 0 }
  | { mode: 1; orientation: DewarpOrientation; view: PerspectiveView; depth: number }
  | { mode: 2; orientation: DewarpOrientation; aspectRatio: number; shiftDeg: number };

/** What the main thread tells the compositor about one tile. */
export interface TileSpec {
  id: string;
  /** CSS pixels inside the canvas. */
  rect: Rect;
  dewarp: TileDewarp;
  /** Digital zoom of plain tiles; ignored when dewarping. */
  digital?: DigitalView;
}

/** A rectangle in device pixels, origin bottom-left (gl.viewport / gl.scissor order). */
export interface GlRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function programFor(dewarp: TileDewarp): TileProgram {
  return dewarp.mode === 1 ? 'perspective' : dewarp.mode === 2 ? 'panorama' : 'plain';
}

/** A CSS-pixel rectangle as a GL rectangle of a canvas `canvasHeightPx` device pixels high. */
export function toGlRect(rect: Rect, pixelRatio: number, canvasHeightPx: number): GlRect {
  const left = Math.round(rect.x * pixelRatio);
  const top = Math.round(rect.y * pixelRatio);
  const right = Math.round((rect.x + rect.width) * pixelRatio);
  const bottom = Math.round((rect.y + rect.height) * pixelRatio);
  return { x: left, y: canvasHeightPx - bottom, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** The largest rectangle of `aspect` (width / height) centred in `outer`. */
export function containRect(outer: Rect, aspect: number): Rect {
  if (!(aspect > 0) || outer.width <= 0 || outer.height <= 0) return { ...outer };
  if (outer.width / outer.height > aspect) {
    const width = outer.height * aspect;
    return { x: outer.x + (outer.width - width) / 2, y: outer.y, width, height: outer.height };
  }
  const height = outer.width / aspect;
  return { x: outer.x, y: outer.y + (outer.height - height) / 2, width: outer.width, height };
}

export interface TileDrawPlan {
  program: TileProgram;
  /** The whole tile: cleared to black before drawing. */
  scissor: GlRect;
  /** Where the picture goes. */
  viewport: GlRect;
  /** Width over height of the viewport (the perspective shader's aspect). */
  aspect: number;
}

export function planTile(
  spec: TileSpec,
  frame: { width: number; height: number } | null,
  pixelRatio: number,
  canvasHeightPx: number,
): TileDrawPlan {
  const program = programFor(spec.dewarp);
  let content: Rect = spec.rect;
  if (spec.dewarp.mode === 2) content = panoramaRect(spec.rect, spec.dewarp.aspectRatio);
  else if (spec.dewarp.mode === 0 && frame && frame.height > 0) content = containRect(spec.rect, frame.width / frame.height);
  const viewport = toGlRect(content, pixelRatio, canvasHeightPx);
  return {
    program,
    scissor: toGlRect(spec.rect, pixelRatio, canvasHeightPx),
    viewport,
    aspect: viewport.height > 0 ? viewport.width / viewport.height : 1,
  };
}
