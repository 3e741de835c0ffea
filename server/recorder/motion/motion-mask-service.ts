/**
 * A stream's motion mask (spec 3 bgseg.motionMask.href, spec 7 PUT/DELETE
 * .../motion/mask, spec 8 'Could not load mask'): the upload is checked
 * (kind and size from its header), decoded to the detection picture as
 * grey, stored with the original bytes (served back by GET of the href),
 * and the stream's recording configuration gets the href. DELETE removes
 * both. The detector is told at once.
 *
 * A refused upload changes nothing: the previous mask stays in force.
 * Meaning of the image: see motion-mask-image.ts (dark = ignored).
 *
 * Cost: one ffmpeg run per upload (tens of ms), one row per stream.
 */
import type { RecordingConfiguration } from '../../shared/api';
import { ApiError, badRequest, notFound } from '../../common/api-error';
import { checkMaskImage, COULD_NOT_LOAD_MASK, type MaskContentType } from './motion-mask-image';

export interface StoredMask {
  streamId: string;
  contentType: MaskContentType;
  image: Buffer;
  /** Grey at the detection size. */
  gray: Uint8Array;
  width: number;
  height: number;
  updatedMs: number;
}

export interface MaskStorePort {
  get(streamId: string): StoredMask | undefined;
  put(mask: StoredMask): void;
  delete(streamId: string): void;
}

/** Decodes an image to grey at the detection size; undefined when it cannot be read. */
export type MaskDecoder = (image: Buffer, contentType: MaskContentType) => Promise<Uint8Array | undefined>;

/** The streams as the mask needs them (implemented over the cameras service). */
export interface MaskStreamPort {
  recordingConfiguration(cameraId: string, streamId: string): RecordingConfiguration | undefined;
  setRecordingConfiguration(cameraId: string, streamId: string, config: RecordingConfiguration): Promise<void>;
}

export interface MotionMaskDeps {
  store: MaskStorePort;
  decode: MaskDecoder;
  streams: MaskStreamPort;
  /** The stream's detector reloads its mask. */
  changed: (streamId: string) => void;
  now?: () => number;
}

export function maskHref(cameraId: string, streamId: string): string {
  return `/service/cameras/${encodeURIComponent(cameraId)}/streams/${encodeURIComponent(streamId)}/motion/mask`;
}

function withHref(config: RecordingConfiguration, href: string | undefined): RecordingConfiguration {
  const bgseg = { ...config.bgseg };
  if (href === undefined) delete bgseg.motionMask;
  else bgseg.motionMask = { href };
  const next: RecordingConfiguration = { ...config, bgseg };
  if (Object.keys(bgseg).length === 0) delete next.bgseg;
  return next;
}

export class MotionMaskService {
  constructor(private readonly deps: MotionMaskDeps) {}

  private configOrThrow(cameraId: string, streamId: string): RecordingConfiguration {
    const config = this.deps.streams.recordingConfiguration(cameraId, streamId);
    if (!config) throw notFound('Stream does not exist.', 'stream-not-found');
    return config;
  }

  /** `body` undefined: the request carried no image bytes (JSON or text). */
  async put(cameraId: string, streamId: string, body: Buffer | undefined): Promise<{ href: string }> {
    const config = this.configOrThrow(cameraId, streamId);
    if (!body) throw badRequest(`${COULD_NOT_LOAD_MASK}: the body must be the PNG or JPEG image itself.`, 'invalid-mask');
    const check = checkMaskImage(body);
    if (!check.ok) throw badRequest(check.reason, check.code);
    const gray = await this.deps.decode(body, check.info.contentType);
    if (!gray) throw badRequest(`${COULD_NOT_LOAD_MASK}: the image could not be decoded.`, 'invalid-mask');
    this.deps.store.put({
      streamId,
      contentType: check.info.contentType,
      image: body,
      gray,
      width: check.info.width,
      height: check.info.height,
      updatedMs: (this.deps.now ?? Date.now)(),
    });
    const href = maskHref(cameraId, streamId);
    if (config.bgseg?.motionMask?.href !== href) await this.deps.streams.setRecordingConfiguration(cameraId, streamId, withHref(config, href));
    this.deps.changed(streamId);
    return { href };
  }

  get(cameraId: string, streamId: string): { contentType: MaskContentType; image: Buffer } {
    this.configOrThrow(cameraId, streamId);
    const mask = this.deps.store.get(streamId);
    if (!mask) throw new ApiError(404, 'mask-not-found', 'This stream has no motion mask.');
    return { contentType: mask.contentType, image: mask.image };
  }

  async delete(cameraId: string, streamId: string): Promise<void> {
    const config = this.configOrThrow(cameraId, streamId);
    this.deps.store.delete(streamId);
    if (config.bgseg?.motionMask) await this.deps.streams.setRecordingConfiguration(cameraId, streamId, withHref(config, undefined));
    this.deps.changed(streamId);
  }
}
