import { describe, expect, it } from 'vitest';
import {
  bagServers,
  cameraProblem,
  effectiveBagLayout,
  federatedBagServers,
  filterCameras,
  nextBagLayout,
} from '../../../../src/state/stage-bag.store';
import { camera } from '../../helpers/bag-cameras';

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

  it('in multi-server mode lists every server by name with its own cameras, an unavailable one with its reason and no cameras', () => {
    const north = [{ ...camera('n1', 'Gate'), orchidId: 'north' }, { ...camera('n2', 'Dock'), orchidId: 'north' }];
    const south = [{ ...camera('s1', 'Yard'), orchidId: 'south' }];
    const orchids = [
      { id: 'south', name: 'South', isAvailable: false, failureReason: 'The server did not answer.' },
      { id: 'north', name: 'North', isAvailable: true, failureReason: null },
      { id: 'east', name: 'East', isAvailable: true, failureReason: null },
    ];
    const servers = federatedBagServers({ status: 'ready', cameras: [...north, ...south], failureReason: null }, orchids);
    expect(servers.map((s) => [s.name, s.available, s.failureReason, s.cameras.map((c) => c.name)])).toEqual([
      ['East', true, null, []],
      ['North', true, null, ['Dock', 'Gate']],
      ['South', false, 'The server did not answer.', []],
    ]);
    const failed = federatedBagServers({ status: 'failed', cameras: [], failureReason: 'No response' }, orchids);
    expect(failed.every((s) => !s.available && s.failureReason === 'No response')).toBe(true);
  });

  it('says why a camera cannot play', () => {
    expect(cameraProblem(camera('a', 'A'))).toBeNull();
    expect(cameraProblem(camera('a', 'A', { live: false }))).toBe('no-permission');
    expect(cameraProblem(camera('a', 'A', { state: 'idle' }))).toBe('not-running');
  });
});
