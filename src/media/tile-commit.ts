/**
 * Who commits a plain (not dewarped, not zoomed) stage tile's pictures to
 * the screen, the one switch of it (tile-renderer-design.md, "Page commit,
 * batched: the choice"; bench/frame-rate.bench.ts measures both in every
 * full run, FRAME_RATE_ALT_COMMITS):
 * - 'page' (the product): the media workers still receive and decode every
 *   picture, then post each tile's newest ImageBitmap to the page once per
 *   worker animation frame, in one message, transferred; the page hands
 *   them to `bitmaprenderer` canvases it keeps (page-commit.ts), so the
 *   whole wall changes in the page's one compositor frame. On the 2-core
 *   software-composited machine this drew 1.3 to 2.7 times the pictures of
 *   worker commits at 64 tiles x 10 fps in every run (five, all under
 *   load), with the page at 54-59 fps.
 * - 'worker': each tile canvas is transferred to its media worker
 *   (OffscreenCanvas) and drawn there; every tile is its own compositor
 *   frame, which software compositing pays per commit.
 * Shader tiles (digital zoom, dewarp) draw in the stage's WebGL compositor,
 * a worker canvas, whichever is chosen here.
 */
export type TileCommit = 'page' | 'worker';

export const TILE_COMMIT: TileCommit = 'page';
