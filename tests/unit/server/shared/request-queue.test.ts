import { describe, expect, it } from 'vitest';
import { QueueResetError, RequestQueue } from '../../../../server/shared/request-queue';
import { QUEUE_CONCURRENCY, queues, resetQueues } from '../../../../src/api/queues';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RequestQueue', () => {
  it('runs at most `concurrency` tasks at once, in order', async () => {
    const queue = new RequestQueue(2);
    const gates = [deferred<string>(), deferred<string>(), deferred<string>(), deferred<string>()];
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      queue.add(() => {
        started.push(index);
        return gate.promise;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(queue.active).toBe(2);
    expect(queue.pending).toBe(2);

    gates[1]!.resolve('b');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve('a');
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]!.resolve('c');
    gates[3]!.resolve('d');
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(queue.active).toBe(0);
  });

  it('passes a task failure to its caller and frees the slot', async () => {
    const queue = new RequestQueue(1);
    const failing = queue.add(() => Promise.reject(new Error('boom')));
    const next = queue.add(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('treats a task that throws synchronously as failed', async () => {
    const queue = new RequestQueue(1);
    const failing = queue.add(() => {
      throw new Error('sync');
    });
    await expect(failing).rejects.toThrow('sync');
    await expect(queue.add(() => Promise.resolve(1))).resolves.toBe(1);
  });

  it('reset rejects waiting tasks with QueueResetError and never starts them; running ones finish', async () => {
    const queue = new RequestQueue(1);
    const running = deferred<string>();
    let lateStarted = false;
    const first = queue.add(() => running.promise);
    const waiting = queue.add(() => {
      lateStarted = true;
      return Promise.resolve('late');
    });
    expect(queue.reset()).toBe(1);
    await expect(waiting).rejects.toBeInstanceOf(QueueResetError);
    expect(queue.pending).toBe(0);
    running.resolve('done');
    await expect(first).resolves.toBe('done');
    await tick();
    expect(lateStarted).toBe(false);
  });

  it('keeps working after a reset', async () => {
    const queue = new RequestQueue(1);
    queue.reset();
    await expect(queue.add(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('refuses a concurrency below 1', () => {
    expect(() => new RequestQueue(0)).toThrow(RangeError);
    expect(() => new RequestQueue(1.5)).toThrow(RangeError);
  });
});

describe('application queues (spec 7)', () => {
  it('images 3, archives 2, user 5', () => {
    expect(QUEUE_CONCURRENCY).toEqual({ images: 3, archives: 2, user: 5 });
    expect(queues.images.concurrency).toBe(3);
    expect(queues.archives.concurrency).toBe(2);
    expect(queues.user.concurrency).toBe(5);
  });

  it('resetQueues drops what waits in every queue', async () => {
    const blockers = [deferred<void>(), deferred<void>()];
    const running = queues.archives.add(() => blockers[0]!.promise);
    queues.archives.add(() => blockers[1]!.promise);
    const waiting = queues.archives.add(() => Promise.resolve('never'));
    resetQueues();
    await expect(waiting).rejects.toBeInstanceOf(QueueResetError);
    blockers.forEach((blocker) => blocker.resolve());
    await running;
  });
});
