/**
 * A concurrency-limited FIFO queue of asynchronous tasks: the client's
 * request queues (spec 7: images 3, archives 2, user 5, src/api/queues.ts)
 * and the aggregator's session mints on its recorders
 * (server/aggregator/orchids/recorder-sessions.ts). In the client,
 * `reset()` runs on every location change: tasks still
 * waiting are dropped and their promises rejected with `QueueResetError`, so
 * a screen that was left stops costing requests. Tasks already running are
 * left to finish (their responses are cheap to ignore; aborting them would
 * make servers log broken pipes). Pure: no DOM, no timers.
 */
export class QueueResetError extends Error {
  constructor() {
    super('Request dropped: the page changed');
    this.name = 'QueueResetError';
  }
}

interface Entry {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export class RequestQueue {
  private readonly waiting: Entry[] = [];
  private running = 0;

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a whole number >= 1');
  }

  /** Tasks started and not yet settled. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a free slot. */
  get pending(): number {
    return this.waiting.length;
  }

  add<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ run: task, resolve: resolve as (value: unknown) => void, reject });
      this.drain();
    });
  }

  /** Drops every waiting task, rejecting it with QueueResetError; answers how many were dropped. */
  reset(): number {
    const dropped = this.waiting.splice(0);
    for (const entry of dropped) entry.reject(new QueueResetError());
    return dropped.length;
  }

  private drain(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const entry = this.waiting.shift()!;
      this.running++;
      let settled: Promise<unknown>;
      try {
        settled = Promise.resolve(entry.run());
      } catch (error) {
        settled = Promise.reject(error); // a task that throws synchronously fails like a rejected one
      }
      settled.then(entry.resolve, entry.reject).finally(() => {
        this.running--;
        this.drain();
      });
    }
  }
}
