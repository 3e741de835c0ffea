import { describe, expect, it } from 'vitest';
import type { StageMatrix } from '../../../../../server/shared/api';
import { cameraKnown, dewarpAllowed, dewarpedTiles } from '../../../../../src/views/stage/stage-helpers';
import { camera } from '../../../helpers/bag-cameras';

function cell(cameraId: string | null, dewarpMode: 0 | 1 | 2 = 1) {
  return { camera: cameraId ? { id: cameraId, orchidId: 'o1' } : null, columnSpan: 1, rowSpan: 1, forceLbm: false, dewarpMode };
}

describe('dewarp limit', () => {
  const cameras = [camera('fish', 'Fisheye', { dewarp: true }), camera('box', 'Box')];
  const matrix: StageMatrix = [[cell('fish', 1), cell('box', 1), cell('fish', 0), cell(null)]];

  it('counts only dewarping tiles of dewarp-enabled streams', () => {
    expect(dewarpedTiles(matrix, cameras)).toBe(1);
  });

  it('refuses one more dewarping tile at the limit, never turning off or switching modes', () => {
    expect(dewarpAllowed(0, 1, 16, 16)).toBe(false);
    expect(dewarpAllowed(0, 2, 7, 8)).toBe(true);
    expect(dewarpAllowed(1, 2, 16, 16)).toBe(true);
    expect(dewarpAllowed(1, 0, 99, 16)).toBe(true);
  });

  it('knows which cameras of a restored stage exist', () => {
    expect(cameraKnown(cameras, 'fish')).toBe(true);
    expect(cameraKnown(cameras, 'gone')).toBe(false);
  });
});
