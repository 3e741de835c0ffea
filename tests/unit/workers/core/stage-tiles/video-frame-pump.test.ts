import { describe, expect, it } from 'vitest';
import { cancelVideo, drainVideo, pumpVideoFrames } from '../../../../../workers/core/stage-tiles/video-frame-pump';
import { FakeFrame } from './fakes';

function stream() {
  let controller!: ReadableStreamDefaultController<FakeFrame>;
  const readable = new ReadableStream<FakeFrame>({ start: (c) => void (controller = c) });
  return { readable, controller };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('video frame pump', () => {
  it('delivers frames while wanted and closes the rest, until the stream ends', async () => {
    const { readable, controller } = stream();
    let wanted = true;
    const delivered: FakeFrame[] = [];
    const done = pumpVideoFrames(readable.getReader(), () => wanted, (frame) => delivered.push(frame));
    const [a, b, c] = [new FakeFrame('a'), new FakeFrame('b'), new FakeFrame('c')];
    controller.enqueue(a);
    await settle();
    wanted = false;
    controller.enqueue(b);
    await settle();
    wanted = true;
    controller.enqueue(c);
    controller.close();
    await done;
    expect(delivered).toEqual([a, c]);
    expect([a.closed, b.closed, c.closed]).toEqual([false, true, false]);
  });

  it('stops when the reader is cancelled', async () => {
    const { readable } = stream();
    const reader = readable.getReader();
    const done = pumpVideoFrames(reader, () => true, () => undefined);
    cancelVideo(reader);
    await expect(done).resolves.toBeUndefined();
  });

  it('stops quietly when the stream errors', async () => {
    const { readable, controller } = stream();
    const done = pumpVideoFrames(readable.getReader(), () => true, () => undefined);
    controller.error(new Error('track ended'));
    await expect(done).resolves.toBeUndefined();
  });

  it('ignores a cancel of nothing or of a released reader', async () => {
    expect(() => cancelVideo(null)).not.toThrow();
    const reader = stream().readable.getReader();
    reader.releaseLock();
    cancelVideo(reader);
    await settle();
  });

  it('drains a stopped stream: queued frames are read and closed, and the cancel waits for the drain time', async () => {
    let cancelled = false;
    let controller!: ReadableStreamDefaultController<FakeFrame>;
    const readable = new ReadableStream<FakeFrame>({ start: (c) => void (controller = c), cancel: () => void (cancelled = true) });
    const reader = readable.getReader();
    let wanted = true;
    const done = pumpVideoFrames(reader, () => wanted, () => undefined);
    const pending: Array<{ run: () => void; ms: number }> = [];
    // The tile stops wanting frames while two are still queued between the threads.
    wanted = false;
    const queued = [new FakeFrame('q1'), new FakeFrame('q2')];
    for (const frame of queued) controller.enqueue(frame);
    drainVideo(reader, 3000, (run, ms) => pending.push({ run, ms }));
    // The page stopped the track: the stream ends behind its queued frames.
    controller.close();
    await done;
    expect(queued.map((frame) => frame.closed)).toEqual([true, true]);
    expect(cancelled).toBe(false);
    expect(pending.map((entry) => entry.ms)).toEqual([3000]);
    pending[0]!.run();
    await settle();
    expect(cancelled).toBe(false); // a stream already done has nothing to cancel
  });

  it('cancels a stopped stream that never ends once the drain time has passed', async () => {
    let cancelled = false;
    const readable = new ReadableStream<FakeFrame>({ cancel: () => void (cancelled = true) });
    const reader = readable.getReader();
    const done = pumpVideoFrames(reader, () => false, () => undefined);
    const pending: Array<() => void> = [];
    drainVideo(reader, 3000, (run) => pending.push(run));
    await settle();
    expect(cancelled).toBe(false);
    pending[0]!();
    await done;
    expect(cancelled).toBe(true);
  });
});
