import { describe, expect, it } from 'vitest';
import { cancelVideo, pumpVideoFrames } from '../../../../../workers/core/stage-tiles/video-frame-pump';
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
});
