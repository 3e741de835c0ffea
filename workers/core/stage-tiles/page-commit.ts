/**
 * The worker half of the page commit (src/media/tile-commit.ts chooses it;
 * tile-renderer-design.md, "Page commit, batched: the choice"): a plain
 * tile's decoded picture is not drawn into a worker-owned OffscreenCanvas
 * but kept here, and once per animation frame of this thread every tile's
 * newest picture goes to the page in ONE message, the ImageBitmaps in the
 * transfer list (moved, never copied). The page hands each to its tile's
 * `bitmaprenderer` canvas (src/media/page-commit.ts), so the whole wall
 * changes in the page's one compositor frame instead of 64 frames of their
 * own, which is what software compositing paid for.
 *
 * Why once per frame: a message per picture costs a task on the page each;
 * a frame shows one picture per tile anyway. A newer picture of a tile
 * replaces one not posted yet; the replaced one is closed and counted as
 * dropped (`droppedOf`), so the tile's drawn count stays honest (stage-tiles.ts
 * subtracts it). Without a page port yet, pictures are closed and counted
 * as dropped too.
 *
 * Paced by the page: `put` answers a promise that settles once the picture
 * has left the batch (posted, replaced or given up), and a tile's pull loop
 * decodes its next picture only then (core/low-bandwidth-player.ts). A
 * picture decoded while the tile's last one still waited here was decoded
 * only to be replaced: measured, 0.4-2 a tile a second at 16 and 36 tiles
 * x 25 fps (3-15 % of the decodes) on a machine where decoding is what runs
 * out (tile-renderer-design.md, "Decoding paced by the page: the choice").
 *
 * One batch in flight: the page answers each batch once it has committed it
 * (PAGE_COMMITTED), and until then pictures wait here, the newest per tile.
 * A page whose main thread is slower than the workers (measured: CPU
 * throttled 20x) would otherwise get batches faster than it commits them;
 * their transferred bitmaps piled up in its message queue until the page's
 * frame rate fell to 5 fps and the renderer was lost. Waiting for the answer
 * paces the workers to what the page commits, and drops the pictures it
 * could not have shown (counted as dropped, like any replaced picture).
 *
 * Runs on any thread: the frame callback and the port are injected (tests
 * drive them by hand). Cost: one map entry per tile, one message and one
 * array per frame while pictures come, and one short answer per batch;
 * nothing when the wall is still.
 */
import type { Timers } from '../browser-timers';
import type { BitmapRenderer } from './tile-routing';

/**
 * The longest a batch waits for this thread's animation frame. A worker's
 * animation frames come from the page's compositor, and on a page whose
 * main thread is starved (measured: Chromium CPU throttling 20x) they stop
 * for seconds while pictures keep being decoded, so every picture was
 * replaced by the next and none was posted. 100 ms is one picture at the
 * wall's 10 fps: a timer that fires only when frames fail to come.
 */
export const BATCH_LATEST_MS = 100;

/**
 * A `requestFrame` that calls back at the next animation frame or after
 * `latestMs`, whichever comes first, and only once.
 */
export function frameOrTimeout(requestFrame: (callback: () => void) => void, timers: Timers, latestMs = BATCH_LATEST_MS): (callback: () => void) => void {
  return (callback) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      timers.clearTimeout(timer);
      callback();
    };
    const timer = timers.setTimeout(once, latestMs);
    requestFrame(once);
  };
}

export interface PagePicture {
  tileId: string;
  picture: ImageBitmap;
}

/** What the page receives each frame. */
export interface PageCommitMessage {
  pictures: PagePicture[];
}

/** The page's answer to a batch: it has been committed, the next may come. */
export const PAGE_COMMITTED = 'committed';

/** What the batch needs of the port to the page (a MessagePort): posting, and hearing the page's answers. */
export interface PageCommitPort {
  postMessage(message: PageCommitMessage, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** A picture in the batch, and what settles `put`'s promise for it. */
interface Waiting {
  picture: ImageBitmap;
  taken: () => void;
}

/** A waiting picture that will not be posted: closed, and its `put` settled. */
function giveUp(waiting: Waiting | undefined): void {
  waiting?.picture.close();
  waiting?.taken();
}

export class PageCommitBatch {
  /** Per tile, the picture waiting for the next batch. */
  private readonly pending = new Map<string, Waiting>();
  private readonly dropped = new Map<string, number>();
  private port: PageCommitPort | null = null;
  private frameRequested = false;
  /** A batch was posted and the page has not answered it yet. */
  private inFlight = false;
  private destroyed = false;
  /** Messages posted so far (one per frame that had pictures). */
  posts = 0;

  /** `requestFrame` calls back once at this thread's next animation frame. */
  constructor(private readonly requestFrame: (callback: () => void) => void) {}

  /** Where batches go from now on. */
  connect(port: PageCommitPort): void {
    this.port = port;
    this.inFlight = false;
    port.onmessage = (event) => {
      if (event.data === PAGE_COMMITTED) this.committed();
    };
  }

  /** A tile's renderer: what routing draws into sends the picture to the page with the next batch. */
  rendererFor(tileId: string): BitmapRenderer {
    return { transferFromImageBitmap: (picture) => (picture ? this.put(tileId, picture) : undefined) };
  }

  /**
   * Takes ownership of `picture`; it goes to the page at the next frame unless a newer one of the tile replaces
   * it. Settles once the picture has left the batch: posted, replaced, or given up (closed).
   */
  put(tileId: string, picture: ImageBitmap): Promise<void> {
    if (this.destroyed) {
      picture.close();
      return Promise.resolve();
    }
    const older = this.pending.get(tileId);
    if (older) {
      giveUp(older);
      this.countDrop(tileId);
    }
    return new Promise((taken) => {
      this.pending.set(tileId, { picture, taken });
      this.askFrame();
    });
  }

  /** Pictures of the tile put but never posted (replaced, or with no page to post to). */
  droppedOf(tileId: string): number {
    return this.dropped.get(tileId) ?? 0;
  }

  /** The tile is gone or starts over: its waiting picture is closed and its drop count cleared. */
  forget(tileId: string): void {
    giveUp(this.pending.get(tileId));
    this.pending.delete(tileId);
    this.dropped.delete(tileId);
  }

  destroy(): void {
    this.destroyed = true;
    for (const waiting of this.pending.values()) giveUp(waiting);
    this.pending.clear();
    this.port = null;
  }

  /** The page committed the batch in flight: what waited goes at the next frame. */
  private committed(): void {
    this.inFlight = false;
    if (this.pending.size > 0) this.askFrame();
  }

  private askFrame(): void {
    if (this.frameRequested || this.inFlight) return;
    this.frameRequested = true;
    this.requestFrame(() => this.flush());
  }

  private flush(): void {
    this.frameRequested = false;
    if (this.pending.size === 0) return;
    const pictures: PagePicture[] = [];
    for (const [tileId, { picture, taken }] of this.pending) {
      pictures.push({ tileId, picture });
      taken();
    }
    this.pending.clear();
    if (!this.port) {
      for (const { tileId, picture } of pictures) {
        picture.close();
        this.countDrop(tileId);
      }
      return;
    }
    this.port.postMessage(
      { pictures },
      pictures.map(({ picture }) => picture),
    );
    this.inFlight = true;
    this.posts++;
  }

  private countDrop(tileId: string): void {
    this.dropped.set(tileId, this.droppedOf(tileId) + 1);
  }
}
