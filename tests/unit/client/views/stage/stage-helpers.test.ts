import { describe, expect, it } from 'vitest';
import type { Camera, StageMatrix } from '../../../../../server/shared/api';
import { cameraKnown, dewarpAllowed, dewarpedTiles } from '../../../../../src/views/stage/stage-helpers';
import {
  bagServers,
  cameraProblem,
  effectiveBagLayout,
  filterCameras,
  nextBagLayout,
} from '../../../../../src/state/stage-bag.store';
import { canEditLayout, sortLayouts } from '../../../../../src/state/stage-layouts.store';
import { effectiveVolume, nextVolume } from '../../../../../src/state/player.store';

function camera(id: string, name: string, extra: { dewarp?: boolean; state?: 'running' | 'idle'; live?: boolean } = {}): Camera {
  const stream = {
    id: `${id}-s`,
    href: `/service/streams/${id}-s`,
    rtsp: '',
    status: { streamState: extra.state ?? 'running' },
    dewarpConfiguration: extra.dewarp ? { enable: true } : null,
  };
  return {
    id,
    name,
    orchidId: 'o1',
    displayModel: 'SimCam PTZ',
    primaryStream: stream,
    streams: [stream],
    permissions: { actions: { live: extra.live ?? true, playback: true, ptz: true, export: true } },
  } as unknown as Camera;
}

function cell(cameraId: string | null, dewarpMode: 0 | 1 | 2 = 1) {
  return { camera: cameraId ? { id: cameraId, orchidId: 'o1' } : null, columnSpan: 1, rowSpan: 1, forceLbm: false, dewarpMode };
}

describe('bag layouts', () => {
  it('cycles mosaic, big, list, mosaic', () => {
    expect(nextBagLayout('mosaic')).toBe('big');
    expect(nextBagLayout('big')).toBe('list');
    expect(nextBagLayout('list')).toBe('mosaic');
  });

  it('forces big at 415 px or narrower and gives the choice back when wider', () => {
    expect(effectiveBagLayout('list', 415)).toBe('big');
    expect(effectiveBagLayout('list', 416)).toBe('list');
  });
});

describe('bag cameras', () => {
  const cameras = [camera('a', 'Lobby entrance'), camera('b', 'Parking lot'), camera('c', 'Lobby desk')];

  it('keeps cameras matching every search chip, ignoring case', () => {
    expect(filterCameras(cameras, ['lobby']).map((c) => c.id)).toEqual(['a', 'c']);
    expect(filterCameras(cameras, ['LOBBY', 'desk']).map((c) => c.id)).toEqual(['c']);
    expect(filterCameras(cameras, [])).toHaveLength(3);
  });

  it('lists the recorder with its cameras by name, nothing without cameras, and an unavailable server with its reason', () => {
    const [server] = bagServers({ status: 'ready', cameras, failureReason: null }, 'recorder');
    expect(server!.cameras.map((c) => c.name)).toEqual(['Lobby desk', 'Lobby entrance', 'Parking lot']);
    expect(bagServers({ status: 'ready', cameras: [], failureReason: null }, 'recorder')).toEqual([]);
    expect(bagServers({ status: 'failed', cameras: [], failureReason: 'No response' }, 'recorder')[0]).toMatchObject({
      available: false,
      failureReason: 'No response',
    });
  });

  it('says why a camera cannot play', () => {
    expect(cameraProblem(camera('a', 'A'))).toBeNull();
    expect(cameraProblem(camera('a', 'A', { live: false }))).toBe('no-permission');
    expect(cameraProblem(camera('a', 'A', { state: 'idle' }))).toBe('not-running');
  });
});

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

describe('saved stages', () => {
  it('lets administrators change any stage and others only their own unshared ones', () => {
    const mine = { shared: false, owner: { id: 'u1', name: 'me' } };
    expect(canEditLayout(mine, 'Viewer', 'u1')).toBe(true);
    expect(canEditLayout({ ...mine, shared: true }, 'Viewer', 'u1')).toBe(false);
    expect(canEditLayout({ ...mine, shared: true }, 'Administrator', 'u2')).toBe(true);
    expect(canEditLayout(mine, 'Manager', 'u2')).toBe(false);
  });

  it('lists stages by name regardless of case', () => {
    const names = sortLayouts([{ name: 'b' }, { name: 'A' }, { name: 'c' }] as never).map((layout) => layout.name);
    expect(names).toEqual(['A', 'b', 'c']);
  });
});

describe('volume', () => {
  it('cycles 0, 0.5, 1, 0 and is muted for every tile but the one in full screen', () => {
    expect([nextVolume(0), nextVolume(0.5), nextVolume(1)]).toEqual([0.5, 1, 0]);
    expect(effectiveVolume(1, 'other', 'me')).toBe(0);
    expect(effectiveVolume(1, 'me', 'me')).toBe(1);
    expect(effectiveVolume(0.5, null, 'me')).toBe(0.5);
  });
});
