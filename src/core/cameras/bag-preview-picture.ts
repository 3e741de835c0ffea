/**
 * What a camera preview in the stage bag asks for (spec 7), decided at each
 * load because the route to a server can change while the bag is open
 * (direct-routes.ts: probed, forced to the proxy, dropped back to it):
 *
 * - a server the page reaches through the aggregator's proxy: the
 *   aggregator's own preview call (GET /service/orchids/{id}/cameras/
 *   {cameraId}/preview) with `crop`, at twice the element's size times the
 *   device pixel ratio, so the picture fills the element sharply; one call
 *   to the aggregator, which asks the recorder;
 * - a server called directly, or the single-server edition: the stream's
 *   own picture (GET {streamHref}/frame) at twice the element's size, as
 *   before.
 *
 * Sizes are even (the recorder rounds every picture down to even sides, so
 * asking for an even size is asking for what comes back) and kept within
 * the largest picture the recorder renders, shrunk as a whole so a cropped
 * picture keeps the element's shape. Pure.
 */
import { MAX_JPEG_HEIGHT, MAX_JPEG_WIDTH } from '../../../server/shared/validation';

export interface PictureSize {
  width: number;
  height: number;
}

export interface BagPreviewCamera {
  id: string;
  /** The camera's server (multi-server edition). */
  orchidId?: string;
  streamHref: string;
}

export type BagPreviewRequest =
  | { kind: 'camera-preview'; orchidId: string; cameraId: string; size: PictureSize; crop: true }
  | { kind: 'stream-frame'; streamHref: string; server?: string; size: PictureSize };

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The stream picture's size: twice the element's (spec 7), each side even. */
export function previewSize(width: number, height: number): PictureSize {
  return { width: even(width * 2), height: even(height * 2) };
}

/** `element` is the preview element's size in CSS pixels; `throughProxy`: the camera's server is reached through the aggregator. */
export function bagPreviewPicture(camera: BagPreviewCamera, element: PictureSize, devicePixelRatio: number, throughProxy: boolean): BagPreviewRequest {
  if (!throughProxy || camera.orchidId === undefined) {
    return { kind: 'stream-frame', streamHref: camera.streamHref, server: camera.orchidId, size: previewSize(element.width, element.height) };
  }
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const width = Math.max(1, element.width) * 2 * ratio;
  const height = Math.max(1, element.height) * 2 * ratio;
  const shrink = Math.min(1, MAX_JPEG_WIDTH / width, MAX_JPEG_HEIGHT / height);
  return {
    kind: 'camera-preview',
    orchidId: camera.orchidId,
    cameraId: camera.id,
    size: { width: even(width * shrink), height: even(height * shrink) },
    crop: true,
  };
}
