/**
 * The machine-readable clock burnt into every simulated camera frame: a
 * band of black and white cells at the TOP-LEFT of the picture carrying the
 * capture time in epoch milliseconds. Tests and benchmarks read it back from
 * decoded frames to measure latency and to check which moment a frame shows.
 *
 * Geometry (scale-free, so it is found at any output size or after any
 * resize of a 16:9 picture): 32 columns x 2 rows of cells, each cell
 * W/40 wide and H/22.5 high, starting at pixel (0, 0). At 1280x720 a cell is
 * 32x32 px and the band 1024x64; at 320x180 a cell is still 8x8 px.
 *
 * Layout, 1 = white, 0 = black, most significant bit first:
 *   row 0: marker 1101, then bits 47..20 of the time (28 cells)
 *   row 1: bits 19..0 (20 cells), CRC-8 (poly 0x07) of the 6 time bytes, marker 1010
 * The decoder averages the central half of each cell, thresholds halfway
 * between the marker whites and blacks, and returns undefined unless both
 * markers and the CRC match, so a missing or damaged strip is never misread.
 *
 * Pure: no Node imports, runs in the browser and in workers. Cost: one pass
 * over 64 small rectangles.
 */

export const TIME_STRIP_COLUMNS = 32;
export const TIME_STRIP_ROWS = 2;
/** A cell is this fraction of the frame width wide... */
export const TIME_STRIP_CELL_WIDTH_FRACTION = 1 / 40;
/** ...and this fraction of the frame height high (square cells on 16:9). */
export const TIME_STRIP_CELL_HEIGHT_FRACTION = 1 / 22.5;

const MARKER_ROW0 = [1, 1, 0, 1];
const MARKER_ROW1 = [1, 0, 1, 0];
const TWO_24 = 0x1000000;

export interface TimeStripImage {
  width: number;
  height: number;
  /** 8-bit gray, row-major, width x height. */
  pixels: Uint8Array;
}

function crc8(bytes: readonly number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function timeBytes(ms: number): number[] {
  const high = Math.floor(ms / TWO_24);
  const low = ms % TWO_24;
  return [(high >> 16) & 0xff, (high >> 8) & 0xff, high & 0xff, (low >> 16) & 0xff, (low >> 8) & 0xff, low & 0xff];
}

function bitsOf(bytes: readonly number[]): number[] {
  const bits: number[] = [];
  for (const byte of bytes) for (let bit = 7; bit >= 0; bit--) bits.push((byte >> bit) & 1);
  return bits;
}

/** The 64 cell values, row 0 then row 1. */
function cellsFor(ms: number): number[] {
  const bytes = timeBytes(ms);
  const timeBits = bitsOf(bytes);
  const crcBits = bitsOf([crc8(bytes)]);
  return [...MARKER_ROW0, ...timeBits.slice(0, 28), ...timeBits.slice(28), ...crcBits, ...MARKER_ROW1];
}

/** Pixel size of the strip for a frame size. */
export function timeStripSize(frameWidth: number, frameHeight: number): { width: number; height: number; cellWidth: number; cellHeight: number } {
  const cellWidth = Math.round(frameWidth * TIME_STRIP_CELL_WIDTH_FRACTION);
  const cellHeight = Math.round(frameHeight * TIME_STRIP_CELL_HEIGHT_FRACTION);
  return { width: cellWidth * TIME_STRIP_COLUMNS, height: cellHeight * TIME_STRIP_ROWS, cellWidth, cellHeight };
}

/** The strip image for a time, sized for a frame of frameWidth x frameHeight; draw it at (0, 0). */
export function encodeTimeStrip(ms: number, frameWidth = 1280, frameHeight = Math.round((frameWidth * 9) / 16)): TimeStripImage {
  if (!Number.isInteger(ms) || ms < 0 || ms >= 2 ** 48) throw new RangeError('time must be an integer in [0, 2^48)');
  const { width, height, cellWidth, cellHeight } = timeStripSize(frameWidth, frameHeight);
  const pixels = new Uint8Array(width * height);
  const cells = cellsFor(ms);
  for (let row = 0; row < TIME_STRIP_ROWS; row++) {
    for (let column = 0; column < TIME_STRIP_COLUMNS; column++) {
      if (!cells[row * TIME_STRIP_COLUMNS + column]) continue;
      for (let y = row * cellHeight; y < (row + 1) * cellHeight; y++) {
        pixels.fill(255, y * width + column * cellWidth, y * width + (column + 1) * cellWidth);
      }
    }
  }
  return { width, height, pixels };
}

/** Reads the time from an 8-bit gray frame (the whole picture, any 16:9 size), or undefined when no valid strip is there. */
export function decodeTimeStrip(gray: Uint8Array, width: number, height: number): number | undefined {
  const cellWidth = width * TIME_STRIP_CELL_WIDTH_FRACTION;
  const cellHeight = height * TIME_STRIP_CELL_HEIGHT_FRACTION;
  if (cellWidth < 2 || cellHeight < 2 || gray.length < width * height) return undefined;

  const sample = (column: number, row: number): number => {
    const x0 = Math.floor((column + 0.25) * cellWidth);
    const x1 = Math.max(x0 + 1, Math.ceil((column + 0.75) * cellWidth));
    const y0 = Math.floor((row + 0.25) * cellHeight);
    const y1 = Math.max(y0 + 1, Math.ceil((row + 0.75) * cellHeight));
    let sum = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += gray[y * width + x]!;
    return sum / ((x1 - x0) * (y1 - y0));
  };

  const levels: number[] = [];
  for (let row = 0; row < TIME_STRIP_ROWS; row++) {
    for (let column = 0; column < TIME_STRIP_COLUMNS; column++) levels.push(sample(column, row));
  }
  const markerCells: Array<[number, number]> = [
    ...MARKER_ROW0.map((bit, i): [number, number] => [i, bit]),
    ...MARKER_ROW1.map((bit, i): [number, number] => [2 * TIME_STRIP_COLUMNS - MARKER_ROW1.length + i, bit]),
  ];
  const whites = markerCells.filter(([, bit]) => bit === 1).map(([i]) => levels[i]!);
  const blacks = markerCells.filter(([, bit]) => bit === 0).map(([i]) => levels[i]!);
  const minWhite = Math.min(...whites);
  const maxBlack = Math.max(...blacks);
  if (minWhite - maxBlack < 40) return undefined;
  const threshold = (minWhite + maxBlack) / 2;
  const cells: number[] = levels.map((level) => (level > threshold ? 1 : 0));

  const timeBits = [...cells.slice(4, 32), ...cells.slice(32, 52)];
  const crcBits = cells.slice(52, 60);
  const bytes: number[] = [];
  for (let i = 0; i < 6; i++) bytes.push(timeBits.slice(i * 8, i * 8 + 8).reduce((acc, bit) => acc * 2 + bit, 0));
  const crc = crcBits.reduce((acc, bit) => acc * 2 + bit, 0);
  if (crc !== crc8(bytes)) return undefined;
  const high = (bytes[0]! << 16) | (bytes[1]! << 8) | bytes[2]!;
  const low = (bytes[3]! << 16) | (bytes[4]! << 8) | bytes[5]!;
  return high * TWO_24 + low;
}
