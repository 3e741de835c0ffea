/**
 * A deterministic clock for the cores that take injected timers: time moves
 * only with `advance`, which fires due timers in time order (intervals
 * repeat). Epoch ms, starting at a fixed date.
 */
interface Timer {
  id: number;
  at: number;
  every: number | undefined;
  callback: () => void;
}

export class FakeClock {
  private timers: Timer[] = [];
  private nextId = 1;
  constructor(public time = Date.UTC(2024, 0, 1)) {}

  now = (): number => this.time;

  setTimeout = (callback: () => void, ms: number): number => this.add(callback, ms, undefined);
  setInterval = (callback: () => void, ms: number): number => this.add(callback, ms, ms);
  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  clearInterval = this.clearTimeout;

  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.time = due.at;
      if (due.every === undefined) this.timers = this.timers.filter((t) => t !== due);
      else due.at += due.every;
      due.callback();
    }
    this.time = end;
  }

  private add(callback: () => void, ms: number, every: number | undefined): number {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + Math.max(0, ms), every, callback });
    return id;
  }
}

/** Lets queued promise callbacks run (several rounds, for chained awaits). */
export async function flushPromises(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
