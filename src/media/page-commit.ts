/**
 * The page half of the page commit (tile-commit.ts chooses it; the worker
 * half is workers/core/stage-tiles/page-commit.ts): each media worker posts
 * its tiles' newest pictures once per frame on a MessagePort, as
 * transferred ImageBitmaps, and this hands each to the `bitmaprenderer`
 * context of its tile's canvas, kept here per tile. Nothing is decoded or
 * drawn on the main thread: `transferFromImageBitmap` moves the bitmap to
 * the page's compositor, so every tile of the wall changes in the page's
 * one compositor frame.
 *
 * A page canvas keeps its own size (300x150 until told) and would stretch
 * the bitmap into it, so the canvas takes the picture's size before the
 * commit when it differs (CSS then fits it to the tile, object-fit:
 * contain). Cost per picture: a map lookup and the commit; per message one
 * task on the main thread and one short answer to the worker, which sends
 * its next batch only then (the worker half says why). A picture for a tile
 * no longer here is closed.
 */
import { PAGE_COMMITTED, type PageCommitMessage } from '../../workers/core/stage-tiles/page-commit';

/** What a commit needs of a tile canvas and its context (HTMLCanvasElement, ImageBitmapRenderingContext). */
export interface CommitCanvas {
  width: number;
  height: number;
}
export interface CommitContext {
  transferFromImageBitmap(bitmap: ImageBitmap | null): void;
}

/** Shows `picture` on `canvas` at the picture's own size, taking ownership of it. */
export function commitPicture(canvas: CommitCanvas, context: CommitContext, picture: ImageBitmap): void {
  // Resizing a canvas clears it: only when the size changed, and the new picture follows at once.
  if (canvas.width !== picture.width) canvas.width = picture.width;
  if (canvas.height !== picture.height) canvas.height = picture.height;
  context.transferFromImageBitmap(picture);
}

interface Surface {
  canvas: CommitCanvas;
  context: CommitContext;
}

export class PageCommit {
  private readonly surfaces = new Map<string, Surface>();
  /** Pictures handed to tile canvases so far (the benchmark reads it: what the page really committed). */
  committed = 0;

  /** The tile's pictures go to `canvas` from now on (false: it has another context already). */
  attach(tileId: string, canvas: HTMLCanvasElement): boolean {
    const context = canvas.getContext('bitmaprenderer');
    if (!context) return false;
    this.attachSurface(tileId, canvas, context);
    return true;
  }

  /** As `attach`, with the context given (tests). */
  attachSurface(tileId: string, canvas: CommitCanvas, context: CommitContext): void {
    this.surfaces.set(tileId, { canvas, context });
  }

  detach(tileId: string): void {
    this.surfaces.delete(tileId);
  }

  /** Commits every picture of one worker message. */
  commit(message: PageCommitMessage): void {
    for (const { tileId, picture } of message.pictures) {
      const surface = this.surfaces.get(tileId);
      if (surface) {
        commitPicture(surface.canvas, surface.context, picture);
        this.committed++;
      } else picture.close();
    }
  }

  /** Commits what arrives on `port` (one worker's end of the commit channel), answering each batch once committed: the worker sends the next only then. */
  listen(port: Pick<MessagePort, 'postMessage' | 'onmessage'>): void {
    port.onmessage = (event: MessageEvent<PageCommitMessage>) => {
      try {
        this.commit(event.data);
      } finally {
        // Even a batch that failed is answered: a worker left waiting would never send this tile wall a picture again.
        port.postMessage(PAGE_COMMITTED);
      }
    };
  }
}
