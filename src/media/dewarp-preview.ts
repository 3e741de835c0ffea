/**
 * Main-thread facade of the dewarp dialog's preview
 * (workers/dewarp-preview.worker.ts): transfers the dialog's canvas to the
 * worker once, keeps fetching pictures of the stream (GET {href}/frame
 * through the images queue) one after another with a pause between them,
 * and forwards the form's view. The dialog hears outcomes as events: the
 * renderer could not start ('failed to initialise'), a picture could not be
 * fetched ('image could not be retrieved') or could not be drawn ('failed to
 * load preview'), and the first picture shown.
 *
 * Cost: one worker and one WebGL2 context while the dialog is open; one
 * picture per PICTURE_INTERVAL_MS. Limits: a refreshed still, not video.
 */
import { transfer, type Remote } from 'comlink';
import { endpointSymbol } from 'vite-plugin-comlink/symbol';
import type { PreviewView } from '../../workers/core/dewarp-preview';
import { liveApi } from '../api/live-api';

export type { PreviewView };

type DewarpPreviewWorker = typeof import('../../workers/dewarp-preview.worker');

/** Pause between two pictures of the preview. */
export const PICTURE_INTERVAL_MS = 1000;

export type DewarpPreviewEvent = 'failed-to-initialise' | 'image-not-retrieved' | 'failed-to-load-preview' | 'showing';

export interface DewarpPreviewOptions {
  canvas: HTMLCanvasElement;
  streamHref: string;
  /** CSS pixels of the canvas box. */
  width: number;
  height: number;
  onEvent(event: DewarpPreviewEvent): void;
}

export class DewarpPreview {
  private readonly remote: Remote<DewarpPreviewWorker>;
  private readonly worker: Worker;
  private readonly lifetime = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ready: Promise<boolean>;
  private shown = false;

  constructor(private readonly options: DewarpPreviewOptions) {
    const remote = new ComlinkWorker<DewarpPreviewWorker>(new URL('../../workers/dewarp-preview.worker', import.meta.url), {
      type: 'module',
      name: 'dewarp-preview',
    });
    this.remote = remote;
    this.worker = remote[endpointSymbol];
    const offscreen = options.canvas.transferControlToOffscreen();
    this.ready = this.remote
      .init(transfer(offscreen, [offscreen]), options.width, options.height, Math.min(2, globalThis.devicePixelRatio || 1))
      .catch(() => false);
    void this.ready.then((ok) => {
      if (this.lifetime.signal.aborted) return;
      if (!ok) options.onEvent('failed-to-initialise');
      else this.fetchPicture();
    });
  }

  setView(view: PreviewView): void {
    void this.ready.then((ok) => {
      if (ok && !this.lifetime.signal.aborted) void this.remote.setView(view);
    });
  }

  resize(width: number, height: number): void {
    void this.ready.then((ok) => {
      if (ok && !this.lifetime.signal.aborted) void this.remote.resize(width, height, Math.min(2, globalThis.devicePixelRatio || 1));
    });
  }

  destroy(): void {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    clearTimeout(this.timer);
    void this.remote.destroy().catch(() => undefined);
    // Terminate after the destroy message is queued: that frees the context at once.
    setTimeout(() => this.worker.terminate(), 0);
  }

  private fetchPicture(): void {
    const { streamHref, width, height } = this.options;
    // Twice the box, as previews are requested (spec 7), square: a fisheye picture is round.
    const side = Math.round(Math.max(width, height) * 2);
    liveApi
      .framePicture(streamHref, { width: side, height: side }, { signal: this.lifetime.signal })
      .then(
        async (blob) => {
          if (this.lifetime.signal.aborted) return;
          let bitmap: ImageBitmap;
          try {
            bitmap = await createImageBitmap(blob);
          } catch {
            this.options.onEvent('failed-to-load-preview');
            return;
          }
          if (this.lifetime.signal.aborted) {
            bitmap.close();
            return;
          }
          await this.remote.showPicture(transfer(bitmap, [bitmap]));
          if (!this.shown) {
            this.shown = true;
            this.options.onEvent('showing');
          }
        },
        () => {
          if (!this.lifetime.signal.aborted) this.options.onEvent('image-not-retrieved');
        },
      )
      .catch(() => {
        if (!this.lifetime.signal.aborted) this.options.onEvent('failed-to-load-preview');
      })
      .finally(() => {
        if (!this.lifetime.signal.aborted) this.timer = setTimeout(() => this.fetchPicture(), PICTURE_INTERVAL_MS);
      });
  }
}
