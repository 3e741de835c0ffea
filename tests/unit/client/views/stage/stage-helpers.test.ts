import { describe, expect, it } from 'vitest';
import type { StageMatrix } from '../../../../../server/shared/api';
import { cameraKnown, dewarpWanting } from '../../../../../src/views/stage/stage-helpers';
import { camera } from '../../../helpers/bag-cameras';

function cell(cameraId: string | null, dewarpMode: 0 | 1 | 2 = 1) {
  return { camera: cameraId ? { id: cameraId, orchidId: 'o1' } : null, columnSpan: 1, rowSpan: 1, forceLbm: false, dewarpMode };
}

describe('dewarp limit', () => {
  const cameras = [camera('fish', 'Fisheye', { dewarp: true }), camera('box', 'Box')];
  const matrix: StageMatrix = [[cell('fish', 1), cell('box', 1), cell('fish', 0), cell(null)]];

  it('names only the tiles of dewarp-enabled streams whose mode is not off', () => {
    expect([...dewarpWanting(matrix, cameras)]).toEqual(['o1/fish']);
  });

  it('names a camera shown twice by both its tile keys', () => {
    const twice: StageMatrix = [[cell('fish', 1), cell('fish', 2)]];
    expect([...dewarpWanting(twice, cameras)]).toEqual(['o1/fish', 'o1/fish#1']);
  });

  it('knows which cameras of a restored stage exist', () => {
    expect(cameraKnown(cameras, 'fish')).toBe(true);
    expect(cameraKnown(cameras, 'gone')).toBe(false);
  });
});
