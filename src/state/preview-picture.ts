/**
 * One bag preview's picture (spec 7, 8): fetched through the images queue
 * (at most 3 at once however many cameras the bag lists, with the bearer
 * token) and shown through an object URL. It owns that URL: the previous
 * one is revoked when a new picture replaces it and the last one on
 * `dispose`, so a preview refreshing every minute holds one picture's
 * memory, not one per refresh.
 *
 * A load that fails for any reason (an error answer, no answer, or a queue
 * reset on a location change dropping it before it ran) is reported to
 * `onFailure`, so the preview's schedule retries it as it retries any
 * failed picture; it is never left loading. After `dispose` nothing is
 * reported, a picture that arrives is dropped without making a URL, and a
 * load still waiting in the queue is dropped without going out.
 *
 * One load at a time: asking again while one is under way does nothing, so
 * a refresh timer and the preview scrolling into view never fetch twice.
 */
import { liveApi } from '../api/live-api';
import { throughProxy } from '../api/server-scope';
import { bagPreviewPicture, type BagPreviewCamera } from '../core/cameras/bag-preview-picture';

export interface PictureSize {
  width: number;
  height: number;
}

export type FetchPicture = (size: PictureSize, signal: AbortSignal) => Promise<Blob>;

export interface PreviewPictureEvents {
  /** A new picture is at `url` (the previous URL is already revoked). */
  onPicture: (url: string) => void;
  onFailure: (error: unknown) => void;
}

/** The object URL functions (the page's URL; replaceable where there is none). */
export interface ObjectUrls {
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
}

export class PreviewPicture {
  private url: string | null = null;
  private loading = false;
  private readonly lifetime = new AbortController();

  constructor(
    private readonly fetchPicture: FetchPicture,
    private readonly events: PreviewPictureEvents,
    private readonly urls: ObjectUrls = URL,
  ) {}

  /** A load is under way (waiting in the queue or fetching). */
  get busy(): boolean {
    return this.loading;
  }

  /** The URL of the picture shown now, if any. */
  get currentUrl(): string | null {
    return this.url;
  }

  /** Starts loading a picture of `size`; answers false when one is already under way or the picture was disposed. */
  load(size: PictureSize): boolean {
    if (this.lifetime.signal.aborted || this.loading) return false;
    this.loading = true;
    let fetching: Promise<Blob>;
    try {
      fetching = this.fetchPicture(size, this.lifetime.signal);
    } catch (error) {
      fetching = Promise.reject(error); // a fetch that throws at once fails like one that rejects
    }
    fetching.then(
      (blob) => {
        this.loading = false;
        if (this.lifetime.signal.aborted) return;
        const previous = this.url;
        this.url = this.urls.createObjectURL(blob);
        // The <img> has decoded the previous picture; revoking frees its bytes without blanking it.
        if (previous !== null) this.urls.revokeObjectURL(previous);
        this.events.onPicture(this.url);
      },
      (error: unknown) => {
        this.loading = false;
        if (!this.lifetime.signal.aborted) this.events.onFailure(error);
      },
    );
    return true;
  }

  /** Revokes the picture's URL and stops reporting; idempotent. */
  dispose(): void {
    this.lifetime.abort();
    if (this.url !== null) this.urls.revokeObjectURL(this.url);
    this.url = null;
  }
}

/** A preview picture of a stream's live pictures (GET {streamHref}/frame), asked of the stream's server. */
export function livePreviewPicture(streamHref: string, events: PreviewPictureEvents, server?: string): PreviewPicture {
  return new PreviewPicture((size, signal) => liveApi.framePicture(streamHref, size, { signal, server }), events);
}

/**
 * A bag camera's preview (core/cameras/bag-preview-picture.ts): `load` takes
 * the element's size in CSS pixels; each load asks where the camera's server
 * is reached now, the aggregator's cropped preview through the proxy, else
 * the stream's own picture.
 */
export function bagCameraPreview(camera: BagPreviewCamera, events: PreviewPictureEvents): PreviewPicture {
  return new PreviewPicture((element, signal) => {
    const ask = bagPreviewPicture(camera, element, globalThis.devicePixelRatio || 1, throughProxy(camera.orchidId));
    return ask.kind === 'camera-preview'
      ? liveApi.cameraPreview(ask.orchidId, ask.cameraId, { ...ask.size, crop: ask.crop }, { signal })
      : liveApi.framePicture(ask.streamHref, ask.size, { signal, server: ask.server });
  }, events);
}
