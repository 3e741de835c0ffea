/**
 * Dewarp preview worker: a thin adapter over core/dewarp-preview.ts with the
 * browser's WebGL2 tile compositor. Its exports are its API (vite-plugin-comlink
 * exposes the module); src/media/dewarp-preview.ts creates it with
 * ComlinkWorker and transfers the dialog's canvas once.
 */
import { copyBitmap, createDewarpPreview } from './core/dewarp-preview';
import { TileCompositor } from './core/tile-compositor';

export const { init, resize, setView, showPicture, destroy } = createDewarpPreview({
  createCompositor: (canvas) => new TileCompositor(canvas),
  cloneFrame: copyBitmap,
});
