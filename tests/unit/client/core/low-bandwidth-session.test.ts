import { describe, expect, it } from 'vitest';
import {
  LOW_BANDWIDTH_POLL_MS,
  LowBandwidthFailure,
  failureForClose,
  lowBandwidthResolution,
  readFailure,
  sessionShareKey,
  waitUntilReady,
} from '../../../../src/core/low-bandwidth-session';
import type { LowBandwidthStatus } from '../../../../server/shared/api';
import { FakeClock, flushPromises } from '../../helpers/fake-clock';

describe('low-bandwidth picture size', () => {
  it('rounds the tile up to the next 16:9 step at its pixel ratio', () => {
    expect(lowBandwidthResolution(150, 84, 1)).toEqual({ width: 160, height: 90 });
    expect(lowBandwidthResolution(300, 169, 1)).toEqual({ width: 320, height: 180 });
    expect(lowBandwidthResolution(300, 169, 2)).toEqual({ width: 640, height: 360 });
    expect(lowBandwidthResolution(5000, 3000, 1)).toEqual({ width: 1920, height: 1080 });
  });

  it('covers a tall tile by its height', () => {
    expect(lowBandwidthResolution(200, 400, 1).height).toBeGreaterThanOrEqual(400);
  });

  it('gives tiles of about the same size the same step, so they can share a session', () => {
    expect(lowBandwidthResolution(281, 158, 1)).toEqual(lowBandwidthResolution(300, 168, 1));
  });
});

describe('session sharing key', () => {
  const live = { streamId: 's1', resolution: { width: 320, height: 180 }, startTime: 0, rate: 10 };
  it('shares live sessions of the same stream, size and rate only', () => {
    expect(sessionShareKey(live)).toBe(sessionShareKey({ ...live }));
    expect(sessionShareKey(live)).not.toBe(sessionShareKey({ ...live, rate: 25 }));
    expect(sessionShareKey(live)).not.toBe(sessionShareKey({ ...live, resolution: { width: 640, height: 360 } }));
  });
  it('never shares a session from a past time', () => {
    expect(sessionShareKey({ ...live, startTime: 1_700_000_000_000 })).toBeNull();
    // Rewinding from now is a playback of its own, never shared with live tiles.
    expect(sessionShareKey({ ...live, speed: -4 })).toBeNull();
  });
});

describe('waiting for a session', () => {
  it('polls every 200 ms until ready', async () => {
    const clock = new FakeClock();
    const answers: LowBandwidthStatus[] = ['starting', 'starting', 'ready'];
    let calls = 0;
    let ready = false;
    void waitUntilReady(async () => ({ status: answers[calls++]!, description: '' }), clock).then(() => (ready = true));
    await flushPromises();
    expect(calls).toBe(1);
    clock.advance(LOW_BANDWIDTH_POLL_MS);
    await flushPromises();
    expect(calls).toBe(2);
    expect(ready).toBe(false);
    clock.advance(LOW_BANDWIDTH_POLL_MS);
    await flushPromises();
    expect(ready).toBe(true);
  });

  it('fails with lowBandwidthStreamFailedToStart and the description when the session failed', async () => {
    const clock = new FakeClock();
    const result = waitUntilReady(async () => ({ status: 'failed', description: 'No video arrived in time.' }), clock);
    await expect(result).rejects.toBeInstanceOf(LowBandwidthFailure);
    await expect(result).rejects.toMatchObject({ failure: { code: 'lowBandwidthStreamFailedToStart', recoverable: true, message: 'No video arrived in time.' } });
  });

  it('stops polling when aborted', async () => {
    const clock = new FakeClock();
    const controller = new AbortController();
    let calls = 0;
    const result = waitUntilReady(async () => (calls++, { status: 'starting', description: '' }), clock, controller.signal);
    await flushPromises();
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    clock.advance(10 * LOW_BANDWIDTH_POLL_MS);
    await flushPromises();
    expect(calls).toBe(1);
  });
});

describe('failures', () => {
  it('treats 403 and 404 as not available (not retried) and others as recoverable', () => {
    expect(readFailure({ status: 404, reason: 'No such stream' }, 'failedToCreateLowBandwidthStream')).toMatchObject({
      recoverable: false,
      notAvailable: true,
      message: 'No such stream (404)',
    });
    expect(readFailure({ status: 503, reason: 'busy' }, 'failedToCreateLowBandwidthStream')).toMatchObject({ recoverable: true, notAvailable: false });
  });

  it('names a refusal by the recorder’s code when it gave one, and keeps the status to show', () => {
    expect(readFailure({ status: 503, code: null, reason: 'busy' }, 'failedToCreateLowBandwidthStream')).toMatchObject({
      code: 'failedToCreateLowBandwidthStream',
      status: 503,
    });
    expect(readFailure({ status: 403, code: 'forbidden', reason: 'no' }, 'failedToCreateLowBandwidthStream', true)).toMatchObject({ code: 'noLivePermission', status: 403 });
    expect(readFailure({ status: 403, code: 'forbidden', reason: 'no' }, 'failedToCreateLowBandwidthStream', false)).toMatchObject({ code: 'noPlaybackPermission' });
    expect(readFailure({ status: 409, code: 'stream-not-running', reason: 'x' }, 'failedToCreateLowBandwidthStream')).toMatchObject({
      code: 'streamNotRunning',
      recoverable: true,
    });
    expect(readFailure(new Error('offline'), 'failedToGetLowBandwidthStream')).toEqual({
      code: 'failedToGetLowBandwidthStream',
      recoverable: true,
      notAvailable: false,
      message: 'offline',
    });
  });

  it('maps socket close codes to catalogue codes, all recoverable', () => {
    expect(failureForClose(1011, 'decoder stopped').code).toBe('lowBandwidthStreamFailedToStart');
    expect(failureForClose(4404, '').code).toBe('failedToGetLowBandwidthStream');
    expect(failureForClose(1006, '')).toMatchObject({ code: 'webSocketClosed', recoverable: true });
  });
});
