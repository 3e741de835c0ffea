import { describe, expect, it } from 'vitest';
import type { Camera, StageMatrix } from '../../../../../../server/shared/api';
import { timelineTracks } from '../../../../../../src/views/stage/control-bar/timeline-tracks';

const camera = (id: string) => ({ id, primaryStream: { id: `${id}-main` } }) as unknown as Camera;
const cell = (id?: string) => (id ? { camera: { id, orchidId: 'o' }, columnSpan: 1, rowSpan: 1 } : {});
const matrix = [[cell('a'), cell('b')], [cell('c'), cell()]] as unknown as StageMatrix;
const cameras = [camera('a'), camera('b'), camera('c')];

describe('the cameras the timeline follows', () => {
  it('are the linked tiles with their primary streams, in reading order', () => {
    const tracks = timelineTracks(matrix, cameras, (key) => key !== 'o/b', undefined);
    expect(tracks).toEqual([
      { key: 'o/a', cameraId: 'a', streamId: 'a-main' },
      { key: 'o/c', cameraId: 'c', streamId: 'c-main' },
    ]);
  });

  it('are the full-screen tile alone when it is unlinked', () => {
    expect(timelineTracks(matrix, cameras, (key) => key !== 'o/b', 'o/b').map((track) => track.key)).toEqual(['o/b']);
  });

  it('leave out cameras not in the camera list yet', () => {
    expect(timelineTracks(matrix, [camera('a')], () => true, undefined).map((track) => track.key)).toEqual(['o/a']);
  });
});
