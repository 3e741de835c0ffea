/**
 * Synthetic grey pictures for the motion tests: a flat background, a bright
 * square at any place, and a time-strip-like band of cells that flip.
 */
export const W = 160;
export const H = 90;

export function blank(level = 80): Uint8Array {
  return new Uint8Array(W * H).fill(level);
}

export function withSquare(frame: Uint8Array, x: number, y: number, side: number, level = 235): Uint8Array {
  const out = frame.slice();
  for (let row = Math.max(0, y); row < Math.min(H, y + side); row++) {
    for (let col = Math.max(0, x); col < Math.min(W, x + side); col++) out[row * W + col] = level;
  }
  return out;
}

/** A band of 4x4 cells at the top-left, cell i white when bit i of `bits` is set. */
export function withCells(frame: Uint8Array, bits: number, cells = 32): Uint8Array {
  const out = frame.slice();
  for (let cell = 0; cell < cells; cell++) {
    const level = (bits >>> cell) & 1 ? 235 : 16;
    for (let row = 0; row < 4; row++) for (let col = cell * 4; col < cell * 4 + 4; col++) out[row * W + col] = level;
  }
  return out;
}

/** A watch map: 1 everywhere except the rectangle, which is 0. */
export function ignoring(x: number, y: number, w: number, h: number): Uint8Array {
  const map = new Uint8Array(W * H).fill(255);
  for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) map[row * W + col] = 0;
  return map;
}
