/**
 * What cores.bench.ts measures: groups of micro-benchmark cases over pure
 * client cores, each group with the baseline its cases are timed against
 * where there is a natural one (reported as "x baseline time", which the
 * machine's load mostly cancels out):
 * - stage grid operations on a 64-cell (8 x 8) wall, against copying the
 *   matrix (cloneMatrix), the least any of them does: each answers a new one;
 * - base64 decoding of a 40,000-character payload (a 30 KB JPEG, a large
 *   low-bandwidth picture) as the worker's fallback does it, against Node's
 *   Buffer; Uint8Array.fromBase64 (the worker's first choice) when present;
 * - timeline math for a 64-player wall, and the date-time picker's parsing
 *   against the Date constructor it ends in.
 *
 * The fixtures are built once; every case is pure and answers a value.
 * Limits: grid and timeline cases have V8 all to themselves here, warm and
 * optimised, so they show relative cost, not what a busy page pays.
 */
import {
  base64Bytes,
  claim,
  claimFirstFree,
  cloneMatrix,
  createMatrix,
  layoutForMatrix,
  liveContext,
  NATIVE_FROM_BASE64,
  move,
  pause,
  pickedTimeMs,
  playRequestAt,
  resize,
  resume,
  seek,
  setSpeed,
  stepSpeed,
  swap,
  tileRects,
  type StageMatrix,
  type TimelineContext,
} from './cores';
import type { MicroCase } from './micro-suite';

export interface CaseGroup {
  group: string;
  /** The case the others are timed against, run first; none where there is no natural one. */
  baseline?: MicroCase;
  cases: MicroCase[];
}

export const GRID_SIZE = 8;
/** Free positions of the wall: the bottom-right corner around (6, 6), so claims, a move and a 2 x 2 resize succeed. */
export const FREE_CELLS = [
  { row: 6, column: 7 },
  { row: 7, column: 6 },
  { row: 7, column: 7 },
];
export const BASE64_CHARS = 40_000;

/** An 8 x 8 wall with a camera in every cell but FREE_CELLS. */
export function wallOf64(): StageMatrix {
  const matrix = createMatrix(GRID_SIZE, GRID_SIZE);
  matrix.forEach((cells, row) =>
    cells.forEach((cell, column) => {
      if (FREE_CELLS.some((free) => free.row === row && free.column === column)) return;
      cell.camera = { id: `camera-${row}-${column}`, orchidId: 'orchid-1' };
    }),
  );
  return matrix;
}

/** Base64 of `chars * 3 / 4` deterministic pseudo-random bytes (JPEG data is close to random). */
export function base64Payload(chars = BASE64_CHARS): string {
  const bytes = Buffer.alloc((chars / 4) * 3);
  let state = 12345;
  for (let i = 0; i < bytes.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes.toString('base64');
}

/** 64 players' contexts: live, played back forward and in reverse at several speeds, paused. */
export function wallContexts(nowMs: number): TimelineContext[] {
  return Array.from({ length: 64 }, (_, i) => {
    if (i % 4 === 0) return liveContext(nowMs);
    const speed = [1, 4, -1, 16][i % 4]!;
    return { timeMs: nowMs - 3_600_000 - i * 60_000, anchorMs: nowMs - 10_000, speed, paused: i % 8 === 3 };
  });
}

export function coreGroups(): CaseGroup[] {
  const wall = wallOf64();
  const camera = { id: 'camera-new', orchidId: 'orchid-1' };
  const payload = base64Payload();
  const nowMs = Date.UTC(2026, 0, 15, 12, 0, 0);
  const contexts = wallContexts(nowMs);
  const playing = contexts[1]!;

  // The worker's own function: its atob path where the engine lacks Uint8Array.fromBase64 (Node 20), and the native one where it has it.
  const base64Cases: MicroCase[] = [{ name: 'atob + byte loop (worker fallback)', fn: () => base64Bytes(payload, undefined) }];
  const fromBase64 = NATIVE_FROM_BASE64;
  if (fromBase64) base64Cases.push({ name: 'Uint8Array.fromBase64 (worker first choice)', fn: () => base64Bytes(payload, fromBase64) });

  return [
    {
      group: 'grid 8x8',
      baseline: { name: 'cloneMatrix', fn: () => cloneMatrix(wall) },
      cases: [
        { name: 'claim a free cell', fn: () => claim(wall, { row: 7, column: 7 }, camera) },
        { name: 'claimFirstFree', fn: () => claimFirstFree(wall, camera) },
        { name: 'move to a free cell', fn: () => move(wall, { row: 6, column: 6 }, { row: 7, column: 7 }) },
        { name: 'swap two cells', fn: () => swap(wall, { row: 0, column: 0 }, { row: 5, column: 5 }) },
        { name: 'resize to 2 x 2', fn: () => resize(wall, { row: 6, column: 6 }, { rowSpan: 2, columnSpan: 2 }) },
      ],
    },
    {
      group: 'grid layout 8x8',
      cases: [{ name: 'layoutForMatrix + tileRects', fn: () => tileRects(wall, layoutForMatrix(wall, 1600, 900)) }],
    },
    {
      group: `base64 ${BASE64_CHARS / 1000}k chars`,
      baseline: { name: 'Buffer.from base64', fn: () => Buffer.from(payload, 'base64') },
      cases: base64Cases,
    },
    {
      group: 'timeline',
      cases: [
        { name: 'playRequestAt for 64 players', fn: () => contexts.map((context) => playRequestAt(context, nowMs)) },
        {
          name: 'seek, speed, pause, resume',
          fn: () => resume(pause(setSpeed(seek(playing, nowMs - 7_200_000, nowMs), stepSpeed(playing.speed, 1), nowMs + 10), nowMs + 20), nowMs + 30),
        },
      ],
    },
    {
      group: 'date-time picker',
      baseline: { name: 'new Date(y, m, d, h, min, s)', fn: () => new Date(2026, 0, 15, 11, 30, 15).getTime() },
      cases: [{ name: 'pickedTimeMs', fn: () => pickedTimeMs({ date: '2026-01-15', time: '11:30:15' }, true, nowMs) }],
    },
  ];
}
