import { describe, expect, it } from 'vitest';
import {
  PlayerError,
  PlayerStateMachine,
  type ArchiveAvailability,
  type PlayRequest,
  type PlayerType,
} from '../../../../../src/core/player';
import { FakeClock, flushPromises } from '../../../helpers/fake-clock';

const LIVE: PlayRequest = { timeMs: 0, speed: 1 };
const ARCHIVE_MS = Date.UTC(2024, 0, 1, 10);

function setup(
  options: { type?: PlayerType; types?: PlayerType[]; probe?: (timeMs: number, speed: number) => Promise<ArchiveAvailability>; current?: () => PlayRequest } = {},
) {
  const clock = new FakeClock();
  const starts: Array<{ token: number; request: PlayRequest; type: PlayerType }> = [];
  let stops = 0;
  const player = new PlayerStateMachine({
    driver: { start: (token, request, type) => starts.push({ token, request, type }), stop: () => stops++ },
    timers: clock,
    type: options.type ?? 'webrtc',
    availableTypes: options.types ?? ['webrtc', 'lowbandwidth'],
    ...(options.probe ? { probeArchive: options.probe } : {}),
    ...(options.current ? { currentRequest: options.current } : {}),
  });
  const last = () => starts[starts.length - 1]!;
  return { clock, player, starts, last, stops: () => stops };
}

/** Records how a play promise settled. */
function outcome(promise: Promise<void>) {
  const result: { value?: 'played'; error?: PlayerError } = {};
  promise.then(
    () => (result.value = 'played'),
    (error: PlayerError) => (result.error = error),
  );
  return result;
}

describe('player state machine: requests', () => {
  it('connects, then plays when the source reports playing', async () => {
    const { player, last } = setup();
    const played = outcome(player.play(LIVE));
    expect(player.snapshot).toMatchObject({ source: 'connecting', overlay: 'connecting', activeType: 'webrtc' });
    player.sourcePlaying(last().token);
    await flushPromises();
    expect(played.value).toBe('played');
    expect(player.snapshot).toMatchObject({ source: 'playing', overlay: 'none', error: null });
  });

  it('queues a request made while another connects; the newest replaces the waiting one', async () => {
    const { player, starts, last } = setup();
    const first = outcome(player.play(LIVE));
    const second = outcome(player.play({ timeMs: ARCHIVE_MS, speed: 1 }));
    const third = outcome(player.play({ timeMs: ARCHIVE_MS + 1000, speed: 1 }));
    await flushPromises();
    expect(starts).toHaveLength(1);
    expect(second.error?.code).toBe('playRequestCancelled');
    player.sourcePlaying(starts[0]!.token);
    await flushPromises();
    // The first connected but was overtaken: it is stale.
    expect(first.error?.code).toBe('playRequestUpdatedError');
    expect(starts).toHaveLength(2);
    expect(last().request.timeMs).toBe(ARCHIVE_MS + 1000);
    player.sourcePlaying(last().token);
    await flushPromises();
    expect(third.value).toBe('played');
  });

  it('starts at once when nothing is connecting', () => {
    const { player, starts } = setup();
    void player.play(LIVE).catch(() => undefined);
    player.sourcePlaying(starts[0]!.token);
    void player.play({ timeMs: ARCHIVE_MS, speed: 4 });
    expect(starts).toHaveLength(2);
    expect(player.snapshot.source).toBe('connecting');
  });

  it('ignores late reports for replaced requests', () => {
    const { player, starts } = setup();
    void player.play(LIVE).catch(() => undefined);
    player.stop();
    void player.play(LIVE);
    player.sourcePlaying(starts[0]!.token);
    expect(player.snapshot.source).toBe('connecting');
  });

  it('pause and stop cancel active and waiting requests and stop the source', async () => {
    const { player, stops } = setup();
    const a = outcome(player.play(LIVE));
    const b = outcome(player.play(LIVE));
    player.pause();
    await flushPromises();
    expect(a.error?.code).toBe('playRequestCancelled');
    expect(b.error?.code).toBe('playRequestCancelled');
    expect(stops()).toBe(1);
    expect(player.snapshot).toMatchObject({ source: 'paused', overlay: 'none' });
    player.stop();
    expect(player.snapshot.source).toBe('idle');
  });

  it('plays negative speeds as rip through low bandwidth without changing the selected type', () => {
    const { player, last } = setup();
    void player.play({ timeMs: ARCHIVE_MS, speed: -4 });
    expect(last().type).toBe('lowbandwidth');
    expect(player.snapshot).toMatchObject({ mode: 'rip', type: 'webrtc', activeType: 'lowbandwidth' });
  });
});

describe('player state machine: time-outs and recoverable errors', () => {
  it('times out after 10 s with a recoverable error and restarts 5 s later', async () => {
    const { player, clock, starts } = setup();
    const result = outcome(player.play(LIVE));
    clock.advance(9_999);
    expect(player.snapshot.source).toBe('connecting');
    clock.advance(1);
    await flushPromises();
    expect(result.error).toMatchObject({ code: 'timedOutWaitingForStreamToPlay', recoverable: true });
    expect(player.snapshot).toMatchObject({ source: 'idle', overlay: 'error', error: { state: 'error', retryAttempts: 1 } });
    clock.advance(4_999);
    expect(starts).toHaveLength(1);
    clock.advance(1);
    expect(starts).toHaveLength(2);
    expect(player.snapshot.overlay).toBe('connecting');
  });

  it('waits 120 s for a low-bandwidth source', () => {
    const { player, clock } = setup({ type: 'lowbandwidth' });
    void player.play(LIVE).catch(() => undefined);
    clock.advance(119_999);
    expect(player.snapshot.source).toBe('connecting');
    clock.advance(1);
    expect(player.snapshot.overlay).toBe('error');
  });

  it('offers low bandwidth after more than 2 retries, and never in low-bandwidth mode', async () => {
    const { player, clock, last } = setup();
    void player.play(LIVE).catch(() => undefined);
    const offers: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      player.sourceFailed(last().token, { code: 'iceFailed', recoverable: true });
      await flushPromises();
      offers.push(player.snapshot.offerLowBandwidth);
      clock.advance(5_000);
    }
    expect(offers).toEqual([false, false, true]);
    expect(player.snapshot.error?.retryAttempts).toBe(3);

    const lb = setup({ type: 'lowbandwidth' });
    void lb.player.play(LIVE).catch(() => undefined);
    for (let i = 0; i < 3; i++) {
      lb.player.sourceFailed(lb.last().token, { code: 'x', recoverable: true });
      await flushPromises();
      lb.clock.advance(5_000);
    }
    lb.player.sourceFailed(lb.last().token, { code: 'x', recoverable: true });
    expect(lb.player.snapshot.offerLowBandwidth).toBe(false);
  });

  it('resets the retries once playing', async () => {
    const { player, clock, last } = setup();
    void player.play(LIVE).catch(() => undefined);
    player.sourceFailed(last().token, { code: 'x', recoverable: true });
    clock.advance(5_000);
    player.sourcePlaying(last().token);
    expect(player.snapshot).toMatchObject({ source: 'playing', error: null });
    player.sourceFailed(last().token, { code: 'x', recoverable: true }); // ignored: nothing is connecting
    expect(player.snapshot.source).toBe('playing');
  });

  it('shows a countdown to a later archive and resumes 1500 ms times speed before it', async () => {
    const startMs = ARCHIVE_MS + 10_000;
    const { player, clock, last, starts } = setup({ probe: async () => ({ kind: 'later', startMs }) });
    void player.play({ timeMs: ARCHIVE_MS, speed: 2 }).catch(() => undefined);
    player.sourceFailed(last().token, { code: 'expectedArchiveIsNotPlayable', recoverable: true });
    await flushPromises();
    expect(player.snapshot).toMatchObject({ overlay: 'delay', countdownMs: 5_000 });
    clock.advance(1_000);
    expect(player.snapshot.countdownMs).toBe(4_000);
    clock.advance(2_500);
    expect(starts).toHaveLength(1);
    clock.advance(100); // 1400 ms left
    expect(starts).toHaveLength(2);
    expect(last().request).toEqual({ timeMs: startMs - 3_000, speed: 2 });
  });

  it('counts down backwards to the end of the archive before, and resumes 1500 ms times speed after it', async () => {
    const endMs = ARCHIVE_MS - 16_000;
    const asked: Array<[number, number]> = [];
    const { player, clock, last, starts } = setup({
      probe: async (timeMs: number, speed: number) => {
        asked.push([timeMs, speed]);
        return { kind: 'later', startMs: endMs };
      },
    });
    void player.play({ timeMs: ARCHIVE_MS, speed: -4 }).catch(() => undefined);
    player.sourceFailed(last().token, { code: 'expectedArchiveIsNotPlayable', recoverable: true });
    await flushPromises();
    // The probe is told the direction; 16 s of recording at 4x backwards is 4 s away.
    expect(asked[0]).toEqual([ARCHIVE_MS, -4]);
    expect(player.snapshot).toMatchObject({ overlay: 'delay', countdownMs: 4_000 });
    clock.advance(2_500);
    expect(starts).toHaveLength(1);
    clock.advance(100);
    expect(starts).toHaveLength(2);
    // 1500 ms of wall time before reaching it at 4x: 6 s after its end, still going backwards.
    expect(last().request).toEqual({ timeMs: endMs + 6_000, speed: -4 });
  });

  it('shows no video and checks every second until an archive is there', async () => {
    let answer: ArchiveAvailability = { kind: 'none' };
    let probes = 0;
    const { player, clock, starts, last } = setup({
      probe: async () => {
        probes++;
        return answer;
      },
    });
    void player.play({ timeMs: ARCHIVE_MS, speed: 1 }).catch(() => undefined);
    player.sourceFailed(last().token, { code: 'playFailure', recoverable: true });
    await flushPromises();
    expect(player.snapshot.overlay).toBe('no_video');
    clock.advance(1_000);
    await flushPromises();
    clock.advance(1_000);
    await flushPromises();
    expect(probes).toBe(3);
    expect(starts).toHaveLength(1);
    answer = { kind: 'playable' };
    clock.advance(1_000);
    await flushPromises();
    expect(starts).toHaveLength(2);
  });

  it('restarts an archive request 5 s after an error when the archive is playable', async () => {
    const { player, clock, starts, last } = setup({ probe: async () => ({ kind: 'playable' }) });
    void player.play({ timeMs: ARCHIVE_MS, speed: 1 }).catch(() => undefined);
    player.sourceFailed(last().token, { code: 'playFailure', recoverable: true });
    await flushPromises();
    expect(player.snapshot.overlay).toBe('error');
    clock.advance(5_000);
    expect(starts).toHaveLength(2);
    expect(last().request.timeMs).toBe(ARCHIVE_MS);
  });

  it('resumes where the timeline is now, not where playback failed, and checks the archive there', async () => {
    const probed: number[] = [];
    let timelineMs = ARCHIVE_MS;
    const { player, clock, starts, last } = setup({
      probe: async (timeMs) => {
        probed.push(timeMs);
        return { kind: 'playable' };
      },
      current: () => ({ timeMs: timelineMs, speed: 1 }),
    });
    void player.play({ timeMs: ARCHIVE_MS, speed: 1 }).catch(() => undefined);
    timelineMs = ARCHIVE_MS + 3_000;
    player.sourceFailed(last().token, { code: 'playFailure', recoverable: true });
    await flushPromises();
    expect(probed).toEqual([ARCHIVE_MS + 3_000]);
    timelineMs = ARCHIVE_MS + 8_000;
    clock.advance(5_000);
    expect(starts).toHaveLength(2);
    expect(last().request).toEqual({ timeMs: ARCHIVE_MS + 8_000, speed: 1 });
  });

  it('stops pending restarts on stop', async () => {
    const { player, clock, starts, last } = setup();
    void player.play(LIVE).catch(() => undefined);
    player.sourceFailed(last().token, { code: 'x', recoverable: true });
    player.stop();
    clock.advance(60_000);
    await flushPromises();
    expect(starts).toHaveLength(1);
    expect(player.snapshot).toMatchObject({ source: 'idle', overlay: 'none', error: null });
  });
});

describe('player state machine: non-recoverable and not-available errors', () => {
  it('toggles the player type once and restarts at once', async () => {
    const { player, starts, last } = setup();
    const result = outcome(player.play(LIVE));
    player.sourceFailed(last().token, { code: 'unsupportedMediaFormat', recoverable: false });
    await flushPromises();
    expect(result.error).toMatchObject({ code: 'unsupportedMediaFormat', recoverable: false });
    expect(starts.map((s) => s.type)).toEqual(['webrtc', 'lowbandwidth']);
    expect(player.snapshot.type).toBe('lowbandwidth');
    player.sourceFailed(last().token, { code: 'unsupportedMediaFormat', recoverable: false });
    expect(starts).toHaveLength(2);
    expect(player.snapshot).toMatchObject({ source: 'idle', overlay: 'error' });
  });

  it('stays in error when there is no other type', () => {
    const { player, starts, last } = setup({ type: 'lowbandwidth', types: ['lowbandwidth'] });
    void player.play(LIVE).catch(() => undefined);
    player.sourceFailed(last().token, { code: 'autoplayBlocked', recoverable: false });
    expect(starts).toHaveLength(1);
    expect(player.snapshot.overlay).toBe('error');
  });

  it('shows not_available without retrying', () => {
    const { player, clock, starts, last } = setup();
    void player.play(LIVE).catch(() => undefined);
    player.sourceFailed(last().token, { code: 'noLivePermission', recoverable: true, notAvailable: true, message: 'no', status: 403 });
    clock.advance(60_000);
    expect(starts).toHaveLength(1);
    // The refused request's status goes with the error, for its text.
    expect(player.snapshot.error).toMatchObject({ state: 'not_available', code: 'noLivePermission', status: 403 });
  });

  it('changes type on request, restarting what was playing; refuses unsupported modes', () => {
    const { player, starts, last } = setup();
    void player.play(LIVE);
    player.sourcePlaying(last().token);
    player.setType('lowbandwidth');
    expect(starts.map((s) => s.type)).toEqual(['webrtc', 'lowbandwidth']);
    expect(() => player.setType('hls' as PlayerType)).toThrow('Unsupported player mode');
  });

  it('notifies subscribers of each change', () => {
    const { player, last } = setup();
    const seen: string[] = [];
    const unsubscribe = player.subscribe((s) => seen.push(`${s.source}/${s.overlay}`));
    void player.play(LIVE);
    player.sourcePlaying(last().token);
    unsubscribe();
    player.stop();
    expect(seen).toEqual(['connecting/connecting', 'playing/none']);
  });
});
