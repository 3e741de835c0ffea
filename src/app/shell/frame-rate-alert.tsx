/**
 * The frame-rate alert slot of the top bar (spec 2 and 9: shown when the
 * stage's average frame rate falls below 8). The frame-rate monitor runs in
 * a worker that the stage issue adds; until then this slot renders nothing.
 */
import type { ReactElement } from 'react';

export function FrameRateAlert(): ReactElement | null {
  return null;
}
