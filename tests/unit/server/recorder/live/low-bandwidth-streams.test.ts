import { afterEach, describe, expect, it, vi } from 'vitest';
import { LowBandwidthSession } from '../../../../../server/recorder/live/low-bandwidth-session';
import { H264Hub } from '../../../../../server/protocols/h264-source';
import { ApiError } from '../../../../../server/common/api-error';
import { IDLE_TIMEOUT_MS, LowBandwidthStreams } from '../../../../../server/recorder/live/low-bandwidth-streams';

// Sessions start a real ffmpeg decoder that waits on an idle hub; every test ends them.
let streams: LowBandwidthStreams | undefined;
afterEach(() => streams?.close());

function setup(limits = { perUser: 2, total: 3 }) {
  let now = 1_700_000_000_000;
  const hub = new H264Hub();
  streams = new LowBandwidthStreams(
    {
      live: { source: (id) => (id === 'cam' ? hub : undefined), exists: (id) => id === 'cam' || id === 'stopped' },
      archive: { segmentsBetween: () => [], segmentAtOrAfter: () => undefined },
      now: () => now,
    },
    limits,
  );
  return { streams, advance: (ms: number) => (now += ms), now: () => now };
}

const request = { streamId: 'cam', resolution: { width: 320, height: 180 }, startTime: 0, rate: 5, transport: 'websocket-base64' as const };
const everything = { userId: 'u1', can: () => true };

function apiError(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('LowBandwidthStreams', () => {
  it('answers a create before its decoder starts, starts decoders one per turn, and never starts a deleted one', async () => {
    const { streams } = setup({ perUser: 5, total: 5 });
    const started: string[] = [];
    const start = vi.spyOn(LowBandwidthSession.prototype, 'start').mockImplementation(function (this: LowBandwidthSession) {
      started.push(this.id);
    });
    try {
      const ids = [0, 1, 2].map(() => streams.create(everything, request).id);
      expect(started).toEqual([]);
      streams.delete(ids[1]!, 'u1');
      await new Promise((resolve) => setImmediate(resolve));
      expect(started).toEqual([ids[0]]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(started).toEqual([ids[0], ids[2]]);
    } finally {
      start.mockRestore();
    }
  });

  it('starts a session in the starting state, private to its user', () => {
    const { streams } = setup();
    const { id } = streams.create(everything, request);
    expect(streams.describe(id, 'u1')).toEqual({ id, state: { status: 'starting', description: 'Starting the stream.' } });
    expect(apiError(() => streams.describe(id, 'u2')).status).toBe(404);
  });

  it('bounds sessions per user and overall', () => {
    const { streams } = setup();
    streams.create(everything, request);
    streams.create(everything, request);
    expect(apiError(() => streams.create(everything, request))).toMatchObject({ status: 429, code: 'too-many-sessions' });
    streams.create({ ...everything, userId: 'u2' }, request);
    expect(apiError(() => streams.create({ ...everything, userId: 'u3' }, request))).toMatchObject({ status: 503 });
  });

  it('refuses streams that are missing, not running, or not permitted', () => {
    const { streams, now } = setup();
    expect(apiError(() => streams.create(everything, { ...request, streamId: 'nope' })).status).toBe(404);
    expect(apiError(() => streams.create(everything, { ...request, streamId: 'stopped' })).code).toBe('stream-not-running');
    const liveOnly = { userId: 'u1', can: (ability: string) => ability === 'live' };
    expect(apiError(() => streams.create(liveOnly, { ...request, startTime: now() - 60_000 })).status).toBe(403);
    // Nothing recorded at that time, for a user who may play back.
    expect(apiError(() => streams.create(everything, { ...request, startTime: now() - 60_000 })).code).toBe('no-archive');
  });

  it('ends sessions idle for longer than the timeout, but not while a socket is attached', () => {
    const { streams, advance } = setup();
    const idle = streams.create(everything, request).id;
    const watched = streams.create(everything, request).id;
    const closes: string[] = [];
    streams.session(watched, 'u1').attach({ send: () => undefined, close: (_failed, reason) => closes.push(reason) });
    advance(IDLE_TIMEOUT_MS - 1000);
    streams.sweep();
    expect(streams.size).toBe(2);
    advance(2000);
    streams.sweep();
    expect(streams.size).toBe(1);
    expect(apiError(() => streams.describe(idle, 'u1')).status).toBe(404);
    expect(streams.describe(watched, 'u1').state.status).toBe('starting');
    streams.delete(watched, 'u1');
    expect(closes).toEqual(['The low-bandwidth stream was closed.']);
  });
});
