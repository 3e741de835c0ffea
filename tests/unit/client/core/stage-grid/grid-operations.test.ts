import { describe, expect, it } from 'vitest';
import {
  MAX_STAGE_COLUMNS,
  MAX_STAGE_ROWS,
  camerasOf,
  cellState,
  claim,
  claimFirstFree,
  createMatrix,
  drop,
  move,
  release,
  swap,
  trim,
} from '../../../../../src/core/stage-grid';
import { cam, grid, picture } from '../../../helpers/stage-grids';

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

describe('cell states', () => {
  it('tells claimed, spanned and unclaimed positions apart', () => {
    const m = grid('A22 # .', '# # .');
    expect(cellState(m, { row: 0, column: 0 })).toBe('claimed');
    expect(cellState(m, { row: 1, column: 1 })).toBe('spanned');
    expect(cellState(m, { row: 0, column: 1 })).toBe('spanned');
    expect(cellState(m, { row: 0, column: 2 })).toBe('unclaimed');
  });

  it('derives the cameras once each in reading order', () => {
    expect(camerasOf(grid('B A', 'A .'))).toEqual([cam('B'), cam('A')]);
  });
});

describe('claim', () => {
  it('puts a camera in an unclaimed cell with default dewarp mode 1', () => {
    const r = ok(claim(grid('A .'), { row: 0, column: 1 }, cam('B')));
    expect(picture(r.matrix)).toEqual(['A B']);
    expect(r.matrix[0]![1]).toMatchObject({ dewarpMode: 1, forceLbm: false, rowSpan: 1, columnSpan: 1 });
    expect(r.position).toEqual({ row: 0, column: 1 });
  });

  it('replaces the camera of a claimed cell, keeping its spans, and reports the old one', () => {
    const r = ok(claim(grid('A21 #'), { row: 0, column: 0 }, cam('B')));
    expect(picture(r.matrix)).toEqual(['B21 #']);
    expect(r.replaced).toEqual(cam('A'));
  });

  it('refuses a position covered by a span and names the spanning area', () => {
    const r = claim(grid('A21 #'), { row: 0, column: 1 }, cam('B'));
    expect(r).toMatchObject({ ok: false, reason: 'spanned', target: { row: 0, column: 0, columnSpan: 2 } });
  });

  it('grows the grid for a drop just beyond its edge', () => {
    const r = ok(claim(grid('A'), { row: 1, column: 1 }, cam('B')));
    expect(picture(r.matrix)).toEqual(['A .', '. B']);
  });

  it('trims what stays empty when the only cell was empty', () => {
    const r = ok(claim(createMatrix(1, 1), { row: 0, column: 2 }, cam('B')));
    expect(picture(r.matrix)).toEqual(['B']);
    expect(r.position).toEqual({ row: 0, column: 0 });
  });

  it('refuses positions left of, above or past the 16 x 16 limit', () => {
    expect(claim(grid('A'), { row: -1, column: 0 }, cam('B'))).toMatchObject({ ok: false, reason: 'out-of-bounds' });
    expect(claim(grid('A'), { row: 0, column: MAX_STAGE_COLUMNS }, cam('B'))).toMatchObject({
      ok: false,
      reason: 'out-of-bounds',
    });
  });

  it('keeps the given per-cell options', () => {
    const r = ok(claim(grid('.'), { row: 0, column: 0 }, cam('A'), { forceLbm: true, dewarpMode: 2 }));
    expect(r.matrix[0]![0]).toMatchObject({ forceLbm: true, dewarpMode: 2 });
  });

  it('does not change the matrix it was given', () => {
    const m = grid('A .');
    claim(m, { row: 0, column: 1 }, cam('B'));
    expect(picture(m)).toEqual(['A .']);
  });
});

describe('claimFirstFree', () => {
  it('takes the first unclaimed cell in reading order, skipping spanned ones', () => {
    const r = ok(claimFirstFree(grid('A21 # C', 'D . .'), cam('B')));
    expect(picture(r.matrix)).toEqual(['A21 # C', 'D B .']);
  });

  it('grows a full grid by a column, then a row, keeping it near square', () => {
    let m = createMatrix(1, 1);
    const shapes: string[] = [];
    for (const id of ['A', 'B', 'C', 'D', 'E']) {
      m = ok(claimFirstFree(m, cam(id))).matrix;
      shapes.push(`${m.length}x${m[0]!.length}`);
    }
    expect(shapes).toEqual(['1x1', '1x2', '2x2', '2x2', '2x3']);
    expect(picture(m)).toEqual(['A B E', 'C D .']);
  });

  it('refuses when the grid is 16 x 16 and full', () => {
    const full = Array.from({ length: MAX_STAGE_ROWS }, (_, r) =>
      Array.from({ length: MAX_STAGE_COLUMNS }, (_, c) => ({
        camera: cam(`${r}-${c}`),
        columnSpan: 1,
        rowSpan: 1,
        forceLbm: false,
        dewarpMode: 1 as const,
      })),
    );
    expect(claimFirstFree(full, cam('X'))).toEqual({ ok: false, reason: 'full' });
  });
});

describe('release', () => {
  it('empties a cell and frees what it spanned', () => {
    const r = ok(release(grid('A21 # B', 'C . .'), { row: 0, column: 0 }));
    expect(picture(r.matrix)).toEqual(['. . B', 'C . .']);
  });

  it('trims empty outer rows and columns afterwards', () => {
    const r = ok(release(grid('A B', 'C .'), { row: 0, column: 1 }));
    expect(picture(r.matrix)).toEqual(['A', 'C']);
  });

  it('leaves one empty cell when the last camera goes', () => {
    const r = ok(release(grid('A22 #', '# #'), { row: 0, column: 0 }));
    expect(picture(r.matrix)).toEqual(['.']);
  });

  it('refuses an unclaimed cell', () => {
    expect(release(grid('A .'), { row: 0, column: 1 })).toEqual({ ok: false, reason: 'not-claimed' });
  });
});

describe('move', () => {
  it('moves a cell with its spans to a free area', () => {
    const r = ok(move(grid('A . .', 'B21 # .'), { row: 1, column: 0 }, { row: 0, column: 1 }));
    expect(picture(r.matrix)).toEqual(['A B21 #']);
  });

  it('refuses (red) when the area overlaps another claimed cell', () => {
    const r = move(grid('A21 # .', 'B . C'), { row: 0, column: 0 }, { row: 1, column: 1 });
    expect(r).toMatchObject({ ok: false, reason: 'occupied', target: { row: 1, column: 1, columnSpan: 2, rowSpan: 1 } });
  });

  it('may overlap the area it leaves', () => {
    const r = ok(move(grid('A21 # .', 'B . .'), { row: 0, column: 0 }, { row: 0, column: 1 }));
    expect(picture(r.matrix)).toEqual(['. A21 #', 'B . .']);
  });

  it('grows the grid when dragged beyond it and trims what is left empty', () => {
    const r = ok(move(grid('A B'), { row: 0, column: 0 }, { row: 1, column: 1 }));
    expect(picture(r.matrix)).toEqual(['B', 'A']);
    expect(r.position).toEqual({ row: 1, column: 0 });
  });

  it('refuses moving an unclaimed cell', () => {
    expect(move(grid('. A'), { row: 0, column: 0 }, { row: 0, column: 1 })).toMatchObject({ reason: 'not-claimed' });
  });
});

describe('swap and drop', () => {
  it('swaps cameras and their settings, each position keeping its spans', () => {
    const m = grid('A21 # B');
    m[0]![0]!.dewarpMode = 2;
    m[0]![2]!.forceLbm = true;
    const r = ok(swap(m, { row: 0, column: 0 }, { row: 0, column: 2 }));
    expect(picture(r.matrix)).toEqual(['B21 # A']);
    expect(r.matrix[0]![0]).toMatchObject({ forceLbm: true, dewarpMode: 1 });
    expect(r.matrix[0]![2]).toMatchObject({ forceLbm: false, dewarpMode: 2 });
  });

  it('refuses to swap with an unclaimed cell', () => {
    expect(swap(grid('A .'), { row: 0, column: 0 }, { row: 0, column: 1 })).toMatchObject({ reason: 'not-claimed' });
  });

  it('drop over another claimed cell (even a spanned position of it) swaps', () => {
    const r = drop(grid('A B21 #'), { row: 0, column: 0 }, { row: 0, column: 2 });
    expect(r.action).toBe('swap');
    expect(picture(ok(r).matrix)).toEqual(['B A21 #']);
  });

  it('keeps where a wide cell was grabbed: held by its right half, it moves by the pointer’s offset', () => {
    const r = drop(grid('B A21 #', '. . .'), { row: 0, column: 1 }, { row: 1, column: 2 }, { row: 0, column: 1 });
    expect(r).toMatchObject({ ok: true, action: 'move', target: { row: 1, column: 1, columnSpan: 2 } });
    expect(picture(ok(r).matrix)).toEqual(['B . .', '. A21 #']);
  });

  it('drop over an empty cell moves, or is refused when the area is taken', () => {
    expect(drop(grid('A . B'), { row: 0, column: 0 }, { row: 0, column: 1 })).toMatchObject({ ok: true, action: 'move' });
    expect(drop(grid('A21 # .', '. . B'), { row: 0, column: 0 }, { row: 1, column: 1 })).toMatchObject({
      ok: false,
      action: 'move',
      reason: 'occupied',
    });
  });
});

describe('trim', () => {
  it('removes empty outer rows and columns on every side and reports the offsets', () => {
    const t = trim(grid('. . . .', '. A21 # .', '. . . .'));
    expect(picture(t.matrix)).toEqual(['A21 #']);
    expect(t).toMatchObject({ rowOffset: 1, columnOffset: 1 });
  });

  it('keeps inner empty rows and columns and positions covered by spans', () => {
    expect(picture(trim(grid('A . B', '. . .', 'C . .')).matrix)).toEqual(['A . B', '. . .', 'C . .']);
    expect(picture(trim(grid('A12 .', '# .')).matrix)).toEqual(['A12', '#']);
  });

  it('leaves one row and one column when nothing is claimed', () => {
    expect(picture(trim(createMatrix(3, 4)).matrix)).toEqual(['.']);
  });
});
