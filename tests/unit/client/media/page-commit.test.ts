import { describe, expect, it } from 'vitest';
import { PageCommit, commitPicture, type CommitContext } from '../../../../src/media/page-commit';
import { PAGE_COMMITTED } from '../../../../workers/core/stage-tiles/page-commit';

class FakeContext implements CommitContext {
  /** What was committed, with the canvas size at the time of the commit. */
  readonly shown: Array<{ picture: unknown; canvas: string }> = [];
  constructor(private readonly canvas: { width: number; height: number }) {}
  transferFromImageBitmap(bitmap: ImageBitmap | null): void {
    this.shown.push({ picture: bitmap, canvas: `${this.canvas.width}x${this.canvas.height}` });
  }
}

const picture = (width: number, height: number) => {
  const p = { width, height, closed: false, close: () => (p.closed = true) };
  return p;
};
const asBitmap = (p: ReturnType<typeof picture>) => p as unknown as ImageBitmap;

describe('page commit', () => {
  it("gives a canvas the picture's size before the commit, so the picture is not stretched into 300x150", () => {
    const canvas = { width: 300, height: 150 };
    const context = new FakeContext(canvas);
    const first = picture(320, 180);
    commitPicture(canvas, context, asBitmap(first));
    expect(context.shown).toEqual([{ picture: first, canvas: '320x180' }]);
  });

  it('leaves a canvas of the right size alone (resizing clears it)', () => {
    let writes = 0;
    const size = { w: 640, h: 360 };
    const canvas = {
      get width() {
        return size.w;
      },
      set width(value: number) {
        writes++;
        size.w = value;
      },
      get height() {
        return size.h;
      },
      set height(value: number) {
        writes++;
        size.h = value;
      },
    };
    commitPicture(canvas, new FakeContext(canvas), asBitmap(picture(640, 360)));
    expect(writes).toBe(0);
  });

  it("commits each picture of a worker's message to its tile's canvas and closes those of tiles it does not hold", () => {
    const commit = new PageCommit();
    const canvasA = { width: 300, height: 150 };
    const contextA = new FakeContext(canvasA);
    const canvasB = { width: 300, height: 150 };
    const contextB = new FakeContext(canvasB);
    commit.attachSurface('tile-1', canvasA, contextA);
    commit.attachSurface('tile-2', canvasB, contextB);
    commit.detach('tile-2');
    const a = picture(160, 90);
    const b = picture(160, 90);
    commit.commit({ pictures: [{ tileId: 'tile-1', picture: asBitmap(a) }, { tileId: 'tile-2', picture: asBitmap(b) }] });
    expect(contextA.shown).toEqual([{ picture: a, canvas: '160x90' }]);
    expect(contextB.shown).toEqual([]);
    expect([a.closed, b.closed]).toEqual([false, true]);
  });

  it('answers each batch on its port once it has committed it, so the worker may send the next', () => {
    const commit = new PageCommit();
    const canvas = { width: 300, height: 150 };
    const context = new FakeContext(canvas);
    commit.attachSurface('tile-1', canvas, context);
    const answers: unknown[] = [];
    const port = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage: (message: unknown) => {
        // The answer comes after the commit, never before.
        answers.push({ message, shownBefore: context.shown.length });
      },
    };
    commit.listen(port as unknown as MessagePort);
    const a = picture(160, 90);
    port.onmessage!({ data: { pictures: [{ tileId: 'tile-1', picture: asBitmap(a) }] } } as MessageEvent);
    expect(answers).toEqual([{ message: PAGE_COMMITTED, shownBefore: 1 }]);
  });

  it('answers a batch whose commit failed too, so the worker is never left waiting', () => {
    const commit = new PageCommit();
    commit.attachSurface('tile-1', { width: 300, height: 150 }, {
      transferFromImageBitmap: () => {
        throw new Error('The input ImageBitmap has been detached');
      },
    });
    const answers: unknown[] = [];
    const port = { onmessage: null as ((event: MessageEvent) => void) | null, postMessage: (message: unknown) => answers.push(message) };
    commit.listen(port as unknown as MessagePort);
    expect(() => port.onmessage!({ data: { pictures: [{ tileId: 'tile-1', picture: asBitmap(picture(160, 90)) }] } } as MessageEvent)).toThrow('detached');
    expect(answers).toEqual([PAGE_COMMITTED]);
  });
});
