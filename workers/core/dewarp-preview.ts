/**
 * The dewarp dialog's preview (spec 2 dewarp dialog, spec 8 'failed to
 * initialise' and 'failed to load preview'): one picture of the stream drawn
 * through the stage's own dewarp shaders, by the stage's tile compositor with
 * a single tile covering the canvas, so what the dialog shows is what a
 * stage tile will show with the same settings.
 *
 * Runs on either thread (workers/dewarp-preview.worker.ts hosts it); the
 * compositor is injected so tests can count what it is told. A settings
 * change re-plans the tile and redraws the last picture (the compositor keeps
 * its texture), so sliders preview without fetching a new picture.
 *
 * Cost: one WebGL2 context while the dialog is open; a redraw per settings
 * change or picture. Limits: draws at the page's pixel ratio, not the 4x the
 * stage uses for dewarped tiles (a settings preview need not be that sharp,
 * and software WebGL pays per pixel).
 */
import type { DewarpOrientation, PerspectiveView } from './dewarp/dewarp-settings';
import type { TileFrame } from './tile-compositor';
import type { TileDewarp } from './tile-compositor-plan';
import type { HostedCompositor } from './stage-tiles/compositor-link';

export const PREVIEW_TILE_ID = 'dewarp-preview';

/** What the preview shows: the perspective view or the panorama of a settings form. */
export type PreviewView =
  | { mode: 'perspective'; orientation: DewarpOrientation; view: PerspectiveView; depth: number }
  | { mode: 'panorama'; orientation: DewarpOrientation; aspectRatio: number; shiftDeg: number };

export function tileDewarpOf(view: PreviewView): TileDewarp {
  return view.mode === 'perspective'
    ? { mode: 1, orientation: view.orientation, view: { ...view.view }, depth: view.depth }
    : { mode: 2, orientation: view.orientation, aspectRatio: view.aspectRatio, shiftDeg: view.shiftDeg };
}

export interface DewarpPreviewDeps {
  createCompositor(canvas: OffscreenCanvas): HostedCompositor;
  /** The compositor closes what it is given; the preview keeps its own copy of the picture to redraw. */
  cloneFrame(frame: ImageBitmap): TileFrame;
}

export function createDewarpPreview({ createCompositor, cloneFrame }: DewarpPreviewDeps) {
  let compositor: HostedCompositor | null = null;
  let size = { width: 1, height: 1 };
  let view: PreviewView | null = null;
  let lastFrame: ImageBitmap | null = null;

  const layout = () => {
    if (!compositor || !view) return;
    compositor.setTiles([{ id: PREVIEW_TILE_ID, rect: { x: 0, y: 0, width: size.width, height: size.height }, dewarp: tileDewarpOf(view) }]);
  };

  /** Re-sends the last picture: a new tile layout starts from a cleared tile. */
  const redraw = () => {
    if (compositor && lastFrame) compositor.pushFrame(PREVIEW_TILE_ID, cloneFrame(lastFrame));
  };

  return {
    /** Takes the (transferred) canvas; false without WebGL2 ('failed to initialise'). */
    init(canvas: OffscreenCanvas, cssWidth: number, cssHeight: number, pixelRatio: number): boolean {
      compositor?.destroy();
      compositor = createCompositor(canvas);
      size = { width: cssWidth, height: cssHeight };
      if (!compositor.init(cssWidth, cssHeight, pixelRatio)) {
        compositor = null;
        return false;
      }
      layout();
      return true;
    },

    resize(cssWidth: number, cssHeight: number, pixelRatio: number): void {
      size = { width: cssWidth, height: cssHeight };
      compositor?.resize(cssWidth, cssHeight, pixelRatio);
      layout();
      redraw();
    },

    setView(next: PreviewView): void {
      view = next;
      layout();
      redraw();
    },

    /** A new picture of the stream (transferred; kept to redraw on settings changes). */
    showPicture(picture: ImageBitmap): void {
      lastFrame?.close();
      lastFrame = picture;
      redraw();
    },

    destroy(): void {
      lastFrame?.close();
      lastFrame = null;
      compositor?.destroy();
      compositor = null;
    },
  };
}

/** A copy of a picture through a 2D OffscreenCanvas (the worker's cloneFrame). */
export function copyBitmap(frame: ImageBitmap): ImageBitmap {
  const canvas = new OffscreenCanvas(frame.width, frame.height);
  canvas.getContext('2d')!.drawImage(frame, 0, 0);
  return canvas.transferToImageBitmap();
}
