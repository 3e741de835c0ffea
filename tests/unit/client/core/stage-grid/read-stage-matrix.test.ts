import { describe, expect, it } from 'vitest';
import { readCell, readStageMatrix } from '../../../../../src/core/stage-grid';

const camera = { id: 'c1', orchidId: 'o1' };

describe('readStageMatrix', () => {
  it('reads a well-formed matrix unchanged', () => {
    const matrix = [[{ camera, columnSpan: 2, rowSpan: 1, forceLbm: true, dewarpMode: 2 }, { camera: null, columnSpan: 1, rowSpan: 1, forceLbm: false, dewarpMode: 1 }]];
    expect(readStageMatrix(matrix)).toEqual({ ok: true, matrix });
  });

  it('reads JSON text', () => {
    const result = readStageMatrix(JSON.stringify([[{ camera }]]));
    expect(result.ok).toBe(true);
    expect(result.matrix[0]![0]!.camera).toEqual(camera);
  });

  it('converts the older single span field to both spans', () => {
    expect(readCell({ camera, span: 2 })).toMatchObject({ columnSpan: 2, rowSpan: 2 });
    expect(readCell({ camera, span: 2, rowSpan: 1 })).toMatchObject({ columnSpan: 2, rowSpan: 1 });
  });

  it('defaults missing fields: dewarp mode 1, no forced low bandwidth, spans of 1 for empty cells', () => {
    expect(readCell({})).toEqual({ camera: null, columnSpan: 1, rowSpan: 1, forceLbm: false, dewarpMode: 1 });
    expect(readCell({ camera: null, columnSpan: 3 })).toMatchObject({ columnSpan: 1 });
    expect(readCell({ camera, dewarpMode: 7, forceLbm: 'yes' })).toMatchObject({ dewarpMode: 1, forceLbm: false });
    expect(readCell(null)).toMatchObject({ camera: null });
  });

  it('reads a camera without an id as an empty cell and a missing server id as ""', () => {
    expect(readCell({ camera: { orchidId: 'o1' } })!.camera).toBeNull();
    expect(readCell({ camera: { id: 'c1' } })!.camera).toEqual({ id: 'c1', orchidId: '' });
  });

  it('pads short rows and clamps spans that reach past the edge', () => {
    const result = readStageMatrix([[{ camera, span: 3 }], [{}, {}]]);
    expect(result.ok).toBe(true);
    expect(result.matrix.map((r) => r.length)).toEqual([2, 2]);
    expect(result.matrix[0]![0]).toMatchObject({ columnSpan: 2, rowSpan: 2 });
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', { rows: [] }],
    ['no rows', []],
    ['a row that is not a list', [{}]],
    ['a cell that is not an object', [[1]]],
    ['too many rows', Array.from({ length: 17 }, () => [{}])],
    ['too many columns', [Array.from({ length: 17 }, () => ({}))]],
    ['overlapping spans', [[{ camera, columnSpan: 2 }, { camera: { id: 'c2', orchidId: 'o1' } }]]],
    ['undefined', undefined],
  ])('falls back to one empty cell for %s', (_name, stored) => {
    const result = readStageMatrix(stored);
    expect(result.ok).toBe(false);
    expect(result.matrix).toEqual([[{ camera: null, columnSpan: 1, rowSpan: 1, forceLbm: false, dewarpMode: 1 }]]);
    if (!result.ok) expect(result.error).toMatch(/stage matrix/);
  });
});
