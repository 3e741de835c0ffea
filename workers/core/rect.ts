/**
 * A rectangle in CSS pixels, origin top left. One definition for both
 * sides of the stage: the grid geometry (src/core/stage-grid) lays tiles
 * out in it on the main thread, and the compositor and the dewarp math
 * here place pictures with it on a worker, so the two agree to the pixel.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
