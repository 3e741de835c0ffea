/**
 * The simulated cameras' world: a deterministic synthetic street scene
 * (sky, sun, skyline with lit windows, trees, road with lane marks) as one
 * raw yuv420p image, larger than the camera's picture so PTZ has somewhere
 * to look. Every camera sees the same world; PTZ picks a window of it.
 *
 * Why synthetic and flat-shaded: details at every scale make pan, tilt and
 * zoom visibly change the picture (tests compare pixels), while flat areas
 * keep x264 cheap and the bitrate low.
 *
 * Cost: built once per process, about 40 ms and width x height x 1.5 bytes
 * (5.5 MB at 2560x1440). Pure.
 */

/** The road band, where the moving object (a bright "car") drives: fractions of the scene height. */
export const SCENE_ROAD_TOP_FRACTION = 0.66;
export const SCENE_ROAD_HEIGHT_FRACTION = 0.12;

export interface YuvImage {
  width: number;
  height: number;
  /** yuv420p planes back to back: Y (w*h), U (w/2*h/2), V (w/2*h/2). */
  data: Uint8Array;
}

type Rgb = [number, number, number];

/** BT.601 limited range, what yuv420p means to x264 and players by default. */
function toYuv([r, g, b]: Rgb): [number, number, number] {
  const y = 16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255;
  const u = 128 + (-37.797 * r - 74.203 * g + 112 * b) / 255;
  const v = 128 + (112 * r - 93.786 * g - 18.214 * b) / 255;
  return [Math.round(y), Math.round(u), Math.round(v)];
}

class Canvas {
  readonly data: Uint8Array;
  private readonly chromaWidth: number;
  private readonly uOffset: number;
  private readonly vOffset: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array((width * height * 3) / 2);
    this.chromaWidth = width / 2;
    this.uOffset = width * height;
    this.vOffset = this.uOffset + (width * height) / 4;
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    const [cy, cu, cv] = toYuv(color);
    const x0 = Math.max(0, Math.round(x) & ~1);
    const y0 = Math.max(0, Math.round(y) & ~1);
    const x1 = Math.min(this.width, (Math.round(x + w) + 1) & ~1);
    const y1 = Math.min(this.height, (Math.round(y + h) + 1) & ~1);
    if (x1 <= x0 || y1 <= y0) return;
    for (let row = y0; row < y1; row++) this.data.fill(cy, row * this.width + x0, row * this.width + x1);
    for (let row = y0 / 2; row < y1 / 2; row++) {
      this.data.fill(cu, this.uOffset + row * this.chromaWidth + x0 / 2, this.uOffset + row * this.chromaWidth + x1 / 2);
      this.data.fill(cv, this.vOffset + row * this.chromaWidth + x0 / 2, this.vOffset + row * this.chromaWidth + x1 / 2);
    }
  }

  /** A disc drawn as horizontal spans, two rows at a time so chroma stays aligned. */
  disc(cx: number, cy: number, radius: number, color: Rgb): void {
    for (let dy = -radius; dy < radius; dy += 2) {
      const half = Math.sqrt(Math.max(0, radius * radius - (dy + 1) * (dy + 1)));
      this.rect(cx - half, cy + dy, half * 2, 2, color);
    }
  }
}

/** Deterministic pseudo-random numbers (LCG) so every run draws the same world. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x1_0000_0000;
  };
}

export function buildScene(width: number, height: number): YuvImage {
  if (width % 4 !== 0 || height % 4 !== 0) throw new Error('scene size must be a multiple of 4');
  const canvas = new Canvas(width, height);
  const rand = random(20240611);
  const horizon = Math.round(height * 0.55);
  const unit = width / 256;

  // Sky: bands from deep to pale blue.
  const bands = 12;
  for (let i = 0; i < bands; i++) {
    const t = i / (bands - 1);
    canvas.rect(0, (i * horizon) / bands, width, horizon / bands + 2, [70 + 100 * t, 120 + 90 * t, 200 + 40 * t]);
  }
  canvas.disc(width * 0.78, height * 0.16, Math.round(unit * 9), [250, 210, 90]);
  for (let i = 0; i < 9; i++) {
    const cx = rand() * width;
    const cy = height * (0.05 + rand() * 0.25);
    for (let k = 0; k < 4; k++) canvas.disc(cx + k * unit * 6, cy + (k % 2) * unit * 2, Math.round(unit * (4 + rand() * 3)), [240, 244, 250]);
  }

  // Skyline: buildings with window grids, far row darker than near row.
  for (const [depth, shade] of [[0.7, 0.75], [1, 1]] as const) {
    let x = -rand() * unit * 10;
    while (x < width) {
      const w = unit * (10 + rand() * 18);
      const h = height * (0.12 + rand() * 0.3) * depth;
      const base: Rgb = [
        (90 + rand() * 90) * shade,
        (80 + rand() * 80) * shade,
        (80 + rand() * 100) * shade,
      ];
      canvas.rect(x, horizon - h, w, h, base);
      const windowSize = unit * 2;
      for (let wy = horizon - h + windowSize; wy < horizon - windowSize * 2; wy += windowSize * 2) {
        for (let wx = x + windowSize; wx < x + w - windowSize * 1.5; wx += windowSize * 2) {
          const lit = rand() < 0.45;
          canvas.rect(wx, wy, windowSize, windowSize * 1.2, lit ? [250, 230, 140] : [40 * shade, 50 * shade, 70 * shade]);
        }
      }
      x += w + unit * rand() * 4;
    }
  }

  // Ground, trees, road with lane marks and kerbs.
  canvas.rect(0, horizon, width, height - horizon, [70, 130, 60]);
  for (let i = 0; i < 40; i++) {
    const cx = rand() * width;
    const cy = horizon + unit * (3 + rand() * 10);
    canvas.rect(cx - unit, cy, unit * 2, unit * 8, [100, 70, 40]);
    canvas.disc(cx, cy, Math.round(unit * (4 + rand() * 4)), [30 + rand() * 40, 100 + rand() * 60, 40]);
  }
  const roadTop = Math.round(height * SCENE_ROAD_TOP_FRACTION);
  const roadHeight = height * SCENE_ROAD_HEIGHT_FRACTION;
  canvas.rect(0, roadTop - unit * 2, width, unit * 2, [200, 200, 200]);
  canvas.rect(0, roadTop, width, roadHeight, [60, 60, 66]);
  for (let x = 0; x < width; x += unit * 16) canvas.rect(x, roadTop + roadHeight / 2 - unit * 0.75, unit * 8, unit * 1.5, [240, 240, 240]);
  canvas.rect(0, roadTop + roadHeight, width, unit * 3, [150, 150, 140]);
  for (let x = 0; x < width; x += unit * 24) canvas.rect(x, roadTop + roadHeight + unit * 3, unit * 12, height, [120, 118, 110]);

  // Numbered-looking signposts: coloured markers every eighth of the width, handy landmarks for PTZ checks.
  const markerColors: Rgb[] = [[220, 40, 40], [40, 160, 220], [240, 180, 20], [150, 60, 200]];
  for (let i = 1; i < 8; i++) {
    const x = (i * width) / 8;
    canvas.rect(x - unit / 2, roadTop - unit * 14, unit, unit * 12, [80, 80, 80]);
    canvas.rect(x - unit * 4, roadTop - unit * 20, unit * 8, unit * 6, markerColors[i % markerColors.length]!);
    for (let bit = 0; bit < 3; bit++) {
      if ((i >> bit) & 1) canvas.rect(x - unit * 3 + bit * unit * 2.2, roadTop - unit * 18.5, unit * 1.4, unit * 3, [255, 255, 255]);
    }
  }

  return { width, height, data: canvas.data };
}
