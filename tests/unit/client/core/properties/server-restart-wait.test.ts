/** The multi-server property editor's decisions (src/core/properties/server-restart-wait.ts). */
import { describe, expect, it } from 'vitest';
import type { Timers } from '../../../../../workers/core/browser-timers';
import {
  afterSaveCheck,
  afterServerCheck,
  repeatEvery,
  SAVE_WAIT_START,
  serverUsable,
} from '../../../../../src/core/properties/server-restart-wait';

describe('the save wait', () => {
  it('is over once the server went down and answers again', () => {
    let step = afterSaveCheck(SAVE_WAIT_START, true, 1000);
    expect(step.over).toBe(false);
    step = afterSaveCheck(step.wait, true, 2000);
    expect(step.over).toBe(false);
    step = afterSaveCheck(step.wait, false, 3000);
    expect(step).toEqual({ wait: { checks: 3, seenDown: true }, over: false });
    step = afterSaveCheck(step.wait, false, 4000);
    expect(step.over).toBe(false);
    expect(afterSaveCheck(step.wait, true, 5000).over).toBe(true);
  });

  it('goes on at once when the server does not answer the first check', () => {
    expect(afterSaveCheck(SAVE_WAIT_START, false, 1000).over).toBe(true);
  });

  it('gives up after the 90 s safety time, a restart quicker than a check being never seen', () => {
    expect(afterSaveCheck({ checks: 80, seenDown: false }, true, 89_999).over).toBe(false);
    expect(afterSaveCheck({ checks: 90, seenDown: false }, true, 90_000).over).toBe(true);
    expect(afterSaveCheck({ checks: 90, seenDown: true }, false, 90_000).over).toBe(true);
  });
});

describe('the editor of an unavailable or unconfirmed server', () => {
  it('takes a server as usable only when available and not defunct', () => {
    expect(serverUsable({ isAvailable: true, health: 'healthy' })).toBe(true);
    expect(serverUsable({ isAvailable: true, health: 'degraded' })).toBe(true);
    expect(serverUsable({ isAvailable: false, health: 'healthy' })).toBe(false);
    expect(serverUsable({ isAvailable: true, health: 'offline' })).toBe(false);
    expect(serverUsable({ isAvailable: true, health: 'unsupported' })).toBe(false);
  });

  it('keeps checking until the server is usable and confirmed, then fetches', () => {
    expect(afterServerCheck({ usable: false })).toEqual({ state: 'checking-confirmation', pollAgain: true });
    expect(afterServerCheck({ usable: true, confirmed: false })).toEqual({ state: 'need-confirmation', pollAgain: true });
    expect(afterServerCheck({ usable: true, confirmed: true })).toEqual({ state: 'fetching', pollAgain: false });
  });
});

/** Timers driven by hand: `advance` runs what is due. */
function manualTimers() {
  let nowMs = 0;
  let nextId = 0;
  const due = new Map<number, { atMs: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      due.set(++nextId, { atMs: nowMs + ms, callback });
      return nextId;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const advance = async (ms: number) => {
    nowMs += ms;
    for (const [id, timer] of [...due]) {
      if (timer.atMs > nowMs) continue;
      due.delete(id);
      timer.callback();
    }
    // Lets the step's promise settle and the next timer be set.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { timers, advance, pending: () => due.size };
}

describe('repeatEvery', () => {
  it('runs the step each interval after the last one finished, until it says stop', async () => {
    const clock = manualTimers();
    const answers = [true, true, false];
    let calls = 0;
    repeatEvery(1000, async () => answers[calls++] ?? false, { timers: clock.timers });
    await clock.advance(999);
    expect(calls).toBe(0);
    await clock.advance(1);
    expect(calls).toBe(1);
    await clock.advance(1000);
    await clock.advance(1000);
    expect(calls).toBe(3);
    expect(clock.pending()).toBe(0);
  });

  it('starts after the first delay, keeps going after a failed step, and stops when told', async () => {
    const clock = manualTimers();
    let calls = 0;
    const stop = repeatEvery(
      10_000,
      async () => {
        calls++;
        throw new Error('unreachable');
      },
      { timers: clock.timers, firstDelayMs: 0 },
    );
    await clock.advance(0);
    expect(calls).toBe(1);
    await clock.advance(10_000);
    expect(calls).toBe(2);
    stop();
    expect(clock.pending()).toBe(0);
    await clock.advance(10_000);
    expect(calls).toBe(2);
  });

  it('drops an answer that arrives after stop', async () => {
    const clock = manualTimers();
    let release: (again: boolean) => void = () => undefined;
    const stop = repeatEvery(1000, () => new Promise<boolean>((resolve) => (release = resolve)), { timers: clock.timers });
    await clock.advance(1000);
    stop();
    release(true);
    await clock.advance(0);
    expect(clock.pending()).toBe(0);
  });
});
