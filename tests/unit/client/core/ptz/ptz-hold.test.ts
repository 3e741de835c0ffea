import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PtzMoveRequest } from '../../../../../server/shared/api';
import { heldMove, ptzAxes, PTZ_STOP } from '../../../../../src/core/ptz/ptz-commands';
import { PtzCommandLine } from '../../../../../src/core/ptz/ptz-hold';

const AXES = ptzAxes({ pan: 'true', tilt: 'true', zoom: 'true', relativeFOV: 'false', maxPresets: 10 });
const RIGHT = heldMove('right', AXES, [])!;
const STEP_RIGHT = heldMove('right', AXES, ['force-relative-ptz'])!;

/** A recorder whose answers the test releases one by one (or fails). */
function recorder() {
  const sent: PtzMoveRequest[] = [];
  const pending: Array<{ resolve(): void; reject(error: Error): void }> = [];
  const logs: unknown[] = [];
  let holdEnds = 0;
  const line = new PtzCommandLine({
    send: (move) => {
      sent.push(move);
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
    },
    log: (_message, detail) => logs.push(detail),
    holdEnded: () => holdEnds++,
  });
  /** Answers the oldest request on its way (once queued commands had their turn to go out). */
  const settle = async (outcome: 'ok' | 'fail' = 'ok') => {
    await vi.advanceTimersByTimeAsync(0);
    const next = pending.shift();
    if (!next) throw new Error('nothing was sent');
    if (outcome === 'ok') next.resolve();
    else next.reject(new Error('HTTP 502'));
    await vi.advanceTimersByTimeAsync(0);
  };
  return { line, sent, logs, settle, holdEnds: () => holdEnds };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PTZ press and hold', () => {
  it('sends the move on press and the stop once on release, however many end events arrive', async () => {
    const r = recorder();
    r.line.press(RIGHT);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.sent).toEqual([RIGHT.start]);
    r.line.release(); // pointerup
    r.line.release(); // pointerleave after it
    r.line.release(); // visibilitychange
    await r.settle();
    expect(r.sent).toEqual([RIGHT.start, PTZ_STOP]);
    expect(r.line.holding).toBe(false);
    expect(r.holdEnds()).toBe(1);
  });

  it('never lets the stop overtake its move: the stop goes out after the move answered', async () => {
    const r = recorder();
    r.line.press(RIGHT);
    r.line.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.sent).toEqual([RIGHT.start]);
    await r.settle();
    expect(r.sent).toEqual([RIGHT.start, PTZ_STOP]);
  });

  it('stops when disposed (the pane or the tile closed) and sends nothing after', async () => {
    const r = recorder();
    r.line.press(RIGHT);
    await r.settle();
    r.line.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.sent).toEqual([RIGHT.start, PTZ_STOP]);
    r.line.press(RIGHT);
    expect(await r.line.move({ type: 'relative', x: 0.1, y: 0, z: 0 })).toBe(false);
    expect(r.sent).toHaveLength(2);
  });

  it('a failed move is logged and cancels the hold: the held move is stopped at once, without waiting for the release', async () => {
    const r = recorder();
    r.line.press(RIGHT);
    await vi.advanceTimersByTimeAsync(0);
    await r.settle('fail');
    expect(r.logs).toHaveLength(1);
    expect(r.line.holding).toBe(false);
    expect(r.holdEnds()).toBe(1);
    expect(r.sent).toEqual([RIGHT.start, PTZ_STOP]);
    r.line.release(); // the user lets go later: nothing more to send
    await r.settle();
    expect(r.sent).toEqual([RIGHT.start, PTZ_STOP]);
  });

  it('a failed stop is logged and not retried', async () => {
    const r = recorder();
    r.line.press(RIGHT);
    await r.settle();
    r.line.release();
    await vi.advanceTimersByTimeAsync(0);
    await r.settle('fail');
    expect(r.logs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(r.sent).toEqual([RIGHT.start, PTZ_STOP]);
  });

  it('pressing another button ends the first hold before the new one starts', async () => {
    const r = recorder();
    const up = heldMove('up', AXES, [])!;
    r.line.press(RIGHT);
    r.line.press(up);
    await r.settle();
    await r.settle();
    expect(r.sent).toEqual([RIGHT.start, PTZ_STOP, up.start]);
    expect(r.line.holding).toBe(true);
  });

  it('under force-relative-ptz repeats the step while held (never piling up) and sends no stop', async () => {
    const r = recorder();
    r.line.press(STEP_RIGHT);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1500); // the first step has not answered: no more steps yet
    expect(r.sent).toHaveLength(1);
    await r.settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(r.sent).toEqual([STEP_RIGHT.start, STEP_RIGHT.start]);
    await r.settle();
    r.line.release();
    await vi.advanceTimersByTimeAsync(2000);
    expect(r.sent).toEqual([STEP_RIGHT.start, STEP_RIGHT.start]);
  });

  it('a failed step ends the repeats', async () => {
    const r = recorder();
    r.line.press(STEP_RIGHT);
    await vi.advanceTimersByTimeAsync(0);
    await r.settle('fail');
    await vi.advanceTimersByTimeAsync(3000);
    expect(r.sent).toEqual([STEP_RIGHT.start]);
    expect(r.line.holding).toBe(false);
  });

  it('a click move waits behind a stop, and answers whether it went through', async () => {
    const r = recorder();
    r.line.press(RIGHT);
    r.line.release();
    const click = r.line.move({ type: 'relative', x: 0.2, y: 0, z: 0 });
    await r.settle();
    await r.settle();
    expect(r.sent.map((move) => move.type)).toEqual(['continuous', 'continuous', 'relative']);
    await r.settle('fail');
    expect(await click).toBe(false);
    expect(r.logs).toHaveLength(1);
  });
});
