import { describe, expect, it } from 'vitest';
import { HttpError, NO_RESPONSE } from '../../../../src/api/http-error';
import { isDeadPingFailure, PING_INTERVAL_MS, PingMonitor } from '../../../../src/api/ping-monitor';
import type { Timers } from '../../../../workers/core/browser-timers';

/** Manual timers: `fire()` runs the scheduled callback. */
class ManualTimers implements Timers {
  scheduled: Array<{ callback: () => void; ms: number; id: number }> = [];
  private next = 1;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.next++;
    this.scheduled.push({ callback, ms, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.scheduled = this.scheduled.filter((entry) => entry.id !== handle);
  };
  async fire(): Promise<void> {
    const entry = this.scheduled.shift();
    if (!entry) throw new Error('nothing scheduled');
    entry.callback();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

describe('ping (spec 7 and 9)', () => {
  it('pings every 10000 ms', () => {
    expect(PING_INTERVAL_MS).toBe(10_000);
  });

  it('counts no response and 502, 503, 504 as a dead server, nothing else', () => {
    for (const status of [NO_RESPONSE, 502, 503, 504]) expect(isDeadPingFailure(new HttpError(status, null, null))).toBe(true);
    for (const status of [400, 401, 404, 500]) expect(isDeadPingFailure(new HttpError(status, null, null))).toBe(false);
    expect(isDeadPingFailure(new Error('other'))).toBe(false);
  });

  it('keeps pinging while the server answers', async () => {
    const timers = new ManualTimers();
    let pings = 0;
    const monitor = new PingMonitor(async () => void pings++, () => undefined, 10_000, timers);
    monitor.start();
    expect(timers.scheduled[0]!.ms).toBe(10_000);
    await timers.fire();
    await timers.fire();
    expect(pings).toBe(2);
    expect(timers.scheduled).toHaveLength(1);
    monitor.stop();
    expect(timers.scheduled).toHaveLength(0);
  });

  it('reports death once and stops on a gateway error', async () => {
    const timers = new ManualTimers();
    const deaths: unknown[] = [];
    const monitor = new PingMonitor(() => Promise.reject(new HttpError(503, null, null)), (error) => deaths.push(error), 10_000, timers);
    monitor.start();
    await timers.fire();
    expect(deaths).toHaveLength(1);
    expect(timers.scheduled).toHaveLength(0);
  });

  it('does not die on a 500', async () => {
    const timers = new ManualTimers();
    let died = false;
    const monitor = new PingMonitor(() => Promise.reject(new HttpError(500, null, null)), () => (died = true), 10_000, timers);
    monitor.start();
    await timers.fire();
    expect(died).toBe(false);
    expect(timers.scheduled).toHaveLength(1);
  });

  it('start twice schedules once', () => {
    const timers = new ManualTimers();
    const monitor = new PingMonitor(async () => undefined, () => undefined, 10_000, timers);
    monitor.start();
    monitor.start();
    expect(timers.scheduled).toHaveLength(1);
  });
});
