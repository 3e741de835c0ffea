/**
 * Where a stage tile's decoded picture goes (tile-renderer-design.md,
 * "Choice"): a plain tile's into its own canvas through `bitmaprenderer`
 * (no GL at all), a shader tile's to the stage compositor. Whoever gets a
 * picture owns it; a picture that goes nowhere is closed here, so decoder
 * buffers come back.
 *
 * The benchmark's picture paths stop pictures before drawing ('decode',
 * 'receive'). Cost: one call per picture, no allocation.
 */
import type { CompositorLink } from './compositor-link';
import type { PicturePath } from './picture-decoder';

export type TileRoute = 'bitmap' | 'compositor';

/** What routing needs of a tile's canvas context. */
export interface BitmapRenderer {
  /** May return a promise settling once the picture has gone on (the page commit's batch): see LowBandwidthChannelDeps.draw. */
  transferFromImageBitmap(bitmap: ImageBitmap | null): void | Promise<void>;
}

export interface RoutedTile {
  id: string;
  route: TileRoute;
  renderer: BitmapRenderer | null;
}

/** Draws or hands on one picture of `tile`, taking ownership of it. */
export function routePicture(tile: RoutedTile, picture: ImageBitmap, path: PicturePath, compositor: CompositorLink): void | Promise<void> {
  if (path !== 'draw') return picture.close();
  if (tile.route === 'compositor') return compositor.send(tile.id, picture);
  if (tile.renderer) return tile.renderer.transferFromImageBitmap(picture);
  picture.close();
}
