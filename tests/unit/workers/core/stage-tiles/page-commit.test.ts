import { describe, expect, it } from 'vitest';
import { PageCommitBatch } from '../../../../../workers/core/stage-tiles/page-commit';
import { FakeFrame, FakePagePort, asBitmap } from './fakes';

function rig() {
  const frames: Array<() => void> = [];
  const batch = new PageCommitBatch((callback) => frames.push(callback));
  const port = new FakePagePort();
  batch.connect(port);
  const runFrame = () => frames.splice(0).forEach((callback) => callback());
  return { batch, port, frames, runFrame };
}

describe('page commit batch', () => {
  it("posts every tile's picture of a frame in one message, the pictures in the transfer list", () => {
    const r = rig();
    const a = new FakeFrame('a');
    const b = new FakeFrame('b');
    r.batch.put('tile-1', asBitmap(a));
    r.batch.rendererFor('tile-2').transferFromImageBitmap(asBitmap(b));
    expect(r.frames).toHaveLength(1); // one frame asked for both
    expect(r.port.posted).toEqual([]);
    r.runFrame();
    expect(r.port.posted).toEqual([
      {
        message: {
          pictures: [
            { tileId: 'tile-1', picture: a },
            { tileId: 'tile-2', picture: b },
          ],
        },
        transfer: [a, b],
      },
    ]);
    expect(r.batch.posts).toBe(1);
    expect(a.closed || b.closed).toBe(false);
  });

  it('replaces a picture not posted yet with the newer one of the tile, closing it and counting it dropped', () => {
    const r = rig();
    const older = new FakeFrame('older');
    const newer = new FakeFrame('newer');
    r.batch.put('tile-1', asBitmap(older));
    r.batch.put('tile-1', asBitmap(newer));
    r.runFrame();
    expect(older.closed).toBe(true);
    expect(r.port.posted.map((post) => post.message.pictures)).toEqual([[{ tileId: 'tile-1', picture: newer }]]);
    expect(r.batch.droppedOf('tile-1')).toBe(1);
    expect(r.batch.droppedOf('tile-2')).toBe(0);
  });

  it('asks no frame and posts nothing while no picture comes', () => {
    const r = rig();
    r.batch.put('tile-1', asBitmap(new FakeFrame()));
    r.runFrame();
    r.runFrame();
    expect(r.frames).toEqual([]);
    expect(r.port.posted).toHaveLength(1);
    r.port.answer();
    expect(r.frames).toEqual([]);
    r.batch.put('tile-1', asBitmap(new FakeFrame()));
    r.runFrame();
    expect(r.port.posted).toHaveLength(2);
  });

  it('posts the next batch only once the page has answered the last: meanwhile pictures wait, the newest per tile', () => {
    const r = rig();
    const first = new FakeFrame('first');
    r.batch.put('tile-1', asBitmap(first));
    r.runFrame();
    expect(r.port.posted).toHaveLength(1);
    // The page has not committed the first batch yet: nothing more goes, however many frames pass.
    const replaced = new FakeFrame('replaced');
    const newest = new FakeFrame('newest');
    const other = new FakeFrame('other');
    r.batch.put('tile-1', asBitmap(replaced));
    r.batch.put('tile-1', asBitmap(newest));
    r.batch.put('tile-2', asBitmap(other));
    r.runFrame();
    r.runFrame();
    expect(r.port.posted).toHaveLength(1);
    expect(r.frames).toEqual([]);
    expect(replaced.closed).toBe(true);
    expect(r.batch.droppedOf('tile-1')).toBe(1);
    // The answer asks for a frame, and that frame posts what waited.
    r.port.answer();
    expect(r.frames).toHaveLength(1);
    r.runFrame();
    expect(r.port.posted[1]!.message.pictures).toEqual([
      { tileId: 'tile-1', picture: newest },
      { tileId: 'tile-2', picture: other },
    ]);
    expect([first.closed, newest.closed, other.closed]).toEqual([false, false, false]);
    // Other messages on the port are not answers.
    r.batch.put('tile-1', asBitmap(new FakeFrame()));
    r.port.onmessage?.({ data: 'something else' } as MessageEvent);
    expect(r.frames).toEqual([]);
  });

  it("settles a picture's promise once it has left the batch: posted, replaced, forgotten or given up", async () => {
    const r = rig();
    const settled: string[] = [];
    const put = (tileId: string, name: string) => void r.batch.put(tileId, asBitmap(new FakeFrame(name))).then(() => settled.push(name));
    put('tile-1', 'posted');
    put('tile-2', 'replaced');
    put('tile-2', 'forgotten');
    await Promise.resolve();
    expect(settled).toEqual(['replaced']);
    r.batch.forget('tile-2');
    await Promise.resolve();
    expect(settled).toEqual(['replaced', 'forgotten']);
    r.runFrame();
    await Promise.resolve();
    expect(settled).toEqual(['replaced', 'forgotten', 'posted']);

    // Waiting behind the batch in flight: settles when it is posted, not before.
    put('tile-1', 'next');
    r.runFrame();
    await Promise.resolve();
    expect(settled).toHaveLength(3);
    r.port.answer();
    r.runFrame();
    await Promise.resolve();
    expect(settled.at(-1)).toBe('next');

    put('tile-1', 'destroyed');
    r.batch.destroy();
    put('tile-1', 'after');
    await Promise.resolve();
    expect(settled.slice(-2)).toEqual(['destroyed', 'after']);

    const unconnected = new PageCommitBatch((callback) => callback());
    await unconnected.put('tile-1', asBitmap(new FakeFrame()));
  });

  it('closes and counts as dropped the pictures it has no page to post to', () => {
    const frames: Array<() => void> = [];
    const batch = new PageCommitBatch((callback) => frames.push(callback));
    const picture = new FakeFrame();
    batch.put('tile-1', asBitmap(picture));
    frames.splice(0).forEach((callback) => callback());
    expect(picture.closed).toBe(true);
    expect(batch.droppedOf('tile-1')).toBe(1);
  });

  it("forgets a tile: its waiting picture is closed and never posted, its drops start over", () => {
    const r = rig();
    r.batch.put('tile-1', asBitmap(new FakeFrame()));
    const waiting = new FakeFrame();
    r.batch.put('tile-1', asBitmap(waiting));
    r.batch.forget('tile-1');
    r.runFrame();
    expect(waiting.closed).toBe(true);
    expect(r.port.posted).toEqual([]);
    expect(r.batch.droppedOf('tile-1')).toBe(0);
  });

  it('closes waiting and later pictures once destroyed', () => {
    const r = rig();
    const waiting = new FakeFrame();
    r.batch.put('tile-1', asBitmap(waiting));
    r.batch.destroy();
    const late = new FakeFrame();
    r.batch.put('tile-1', asBitmap(late));
    r.runFrame();
    expect([waiting.closed, late.closed]).toEqual([true, true]);
    expect(r.port.posted).toEqual([]);
  });
});
