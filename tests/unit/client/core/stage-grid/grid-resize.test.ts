import { describe, expect, it } from 'vitest';
import { resize, resizeToward, spansToward } from '../../../../../src/core/stage-grid';
import { grid, picture } from '../../../helpers/stage-grids';

const origin = { row: 0, column: 0 };

describe('resize', () => {
  it('grows east into free cells', () => {
    const r = resizeToward(grid('A . .', 'B . .'), origin, 'east', { row: 1, column: 2 });
    expect(r.ok && picture(r.matrix)).toEqual(['A31 # #', 'B . .']);
  });

  it('grows south, keeping the column span', () => {
    const r = resizeToward(grid('A21 # C', '. . D'), origin, 'south', { row: 1, column: 0 });
    expect(r.ok && picture(r.matrix)).toEqual(['A22 # C', '# # D']);
  });

  it('grows south-east in both directions', () => {
    const r = resizeToward(grid('A . .', '. . .', 'B . C'), origin, 'south-east', { row: 1, column: 1 });
    expect(r.ok && picture(r.matrix)).toEqual(['A22 # .', '# # .', 'B . C']);
  });

  it('is refused (red) when the new area overlaps another claimed cell', () => {
    const r = resizeToward(grid('A . B', '. . .'), origin, 'east', { row: 0, column: 2 });
    expect(r).toMatchObject({ ok: false, reason: 'occupied', target: { row: 0, column: 0, columnSpan: 3, rowSpan: 1 } });
  });

  it('is refused when it would reach into a span of another cell', () => {
    const r = resizeToward(grid('. A .', 'B21 # .'), { row: 0, column: 1 }, 'south', { row: 1, column: 1 });
    expect(r).toMatchObject({ ok: false, reason: 'occupied' });
  });

  it('grows the grid when dragged beyond it', () => {
    const r = resizeToward(grid('A B'), { row: 0, column: 1 }, 'south', { row: 1, column: 1 });
    expect(r.ok && picture(r.matrix)).toEqual(['A B12', '. #']);
  });

  it('shrinks, freeing positions and trimming empty outer ones', () => {
    const r = resize(grid('A22 #', '# #'), origin, { rowSpan: 1, columnSpan: 1 });
    expect(r.ok && picture(r.matrix)).toEqual(['A']);
    const kept = resize(grid('A22 # B', '# # .'), origin, { rowSpan: 1, columnSpan: 2 });
    expect(kept.ok && picture(kept.matrix)).toEqual(['A21 # B']);
  });

  it('never asks for spans below 1 when dragged back past the origin', () => {
    expect(spansToward(grid('. A', '. .'), { row: 0, column: 1 }, 'south-east', { row: 0, column: 0 })).toEqual({
      rowSpan: 1,
      columnSpan: 1,
    });
  });

  it('refuses unclaimed cells, fractional spans and areas past 16 x 16', () => {
    expect(resize(grid('.'), origin, { rowSpan: 2, columnSpan: 1 })).toMatchObject({ reason: 'not-claimed' });
    expect(resize(grid('A'), origin, { rowSpan: 1.5, columnSpan: 1 })).toMatchObject({ reason: 'out-of-bounds' });
    expect(resize(grid('A'), origin, { rowSpan: 17, columnSpan: 1 })).toMatchObject({ reason: 'out-of-bounds' });
  });
});
