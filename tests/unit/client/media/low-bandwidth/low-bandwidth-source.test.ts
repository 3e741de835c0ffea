import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelEvent } from '../../../../../workers/core/low-bandwidth-player';
import { LowBandwidthSource, lowBandwidthRate } from '../../../../../src/media/low-bandwidth/low-bandwidth-source';
import type { LowBandwidthSessionPool } from '../../../../../src/media/low-bandwidth/session-pool';
import type { MediaWorker } from '../../../../../src/media/stage-worker-pool';
import { LOW_BANDWIDTH_MAX_RATE } from '../../../../../server/shared/validation';

describe('low-bandwidth rate asked of the recorder', () => {
  it('grows with the playing speed either way, slow speeds keeping the base rate', () => {
    expect(lowBandwidthRate(10, 1)).toBe(10);
    expect(lowBandwidthRate(10, 0.25)).toBe(10);
    expect(lowBandwidthRate(5, 2)).toBe(10);
    expect(lowBandwidthRate(5, -2)).toBe(10);
  });

  it('never asks past what the recorder serves, so fast and reverse speeds still play', () => {
    expect(lowBandwidthRate(10, 4)).toBe(LOW_BANDWIDTH_MAX_RATE);
    expect(lowBandwidthRate(10, -64)).toBe(LOW_BANDWIDTH_MAX_RATE);
  });
});

describe('low-bandwidth source', () => {
  /** A source over a fake media worker and session pool; `emit` plays the worker's channel events. */
  async function started() {
    let onEvent: ((event: ChannelEvent) => void) | undefined;
    let workerStats = { framesDrawn: 0, bytesReceived: 0, decodeErrors: 0, stalls: 0 };
    const worker = {
      play: async (_tile: string, _url: string, listener: (event: ChannelEvent) => void) => void (onEvent = listener),
      stop: async () => undefined,
      pause: async () => undefined,
      resume: async () => undefined,
      setRoute: async () => undefined,
      setDrawSize: async () => undefined,
      stats: async () => ({ tiles: { t1: workerStats }, compositor: null }),
    };
    const sessions = { acquire: async () => ({ id: 'lb1', release: () => undefined, invalidate: () => undefined }) };
    const source = new LowBandwidthSource({
      tileId: 't1',
      streamId: 's1',
      worker: worker as unknown as MediaWorker,
      sessions: sessions as unknown as LowBandwidthSessionPool,
      socketUrl: async () => 'ws://recorder/lb1',
      size: () => ({ width: 320, height: 180, pixelRatio: 1 }),
    });
    const slow: boolean[] = [];
    source.start({ timeMs: 0, speed: 1 }, { playing: () => undefined, failed: () => undefined, slow: (on) => slow.push(on) });
    await vi.waitFor(() => expect(onEvent).toBeDefined());
    return {
      source,
      slow,
      emit: (event: ChannelEvent) => onEvent!(event),
      setStats: (next: typeof workerStats) => void (workerStats = next),
    };
  }

  afterEach(() => vi.useRealTimers());

  it('warns of the network on an undecodable picture, held while a stall lasts', async () => {
    const { slow, emit } = await started();
    // Shown, then let go at once: the player hides it 2 s after the last one.
    emit({ type: 'decode-error', message: 'bad JPEG' });
    expect(slow).toEqual([true, false]);
    emit({ type: 'stalled' });
    emit({ type: 'decode-error', message: 'bad JPEG' });
    expect(slow).toEqual([true, false, true, true]);
    emit({ type: 'resumed' });
    expect(slow.at(-1)).toBe(false);
  });

  it('reports bit rate from the received bytes, decode errors, and no ICE statistics', async () => {
    const { source, setStats } = await started();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(10_000);
    setStats({ framesDrawn: 10, bytesReceived: 40_000, decodeErrors: 0, stalls: 0 });
    expect(await source.stats()).toMatchObject({ bitRateBps: null, bytesReceived: 30_000, width: 320, height: 180, packetLoss: null, iceStats: null });
    vi.setSystemTime(12_000);
    // 80 000 base64 characters more: 60 000 bytes of pictures in 2 s, 240 kbit/s.
    setStats({ framesDrawn: 30, bytesReceived: 120_000, decodeErrors: 2, stalls: 0 });
    expect(await source.stats()).toMatchObject({ bitRateBps: 240_000, framesPerSecond: 10, decodeErrors: 2, iceStats: null });
  });
});
