/**
 * Decoding of the stage's low-bandwidth pictures: base64 JPEG text to an
 * ImageBitmap, with the decoder chosen per browser and how far pictures
 * go (the benchmark's cost attribution).
 *
 * Decoder choice: WebCodecs' ImageDecoder where the browser has it (secure
 * contexts) decodes from the bytes with no Blob round trip, and in the
 * benchmark a picture waited markedly less between arrival and draw
 * (16-48 ms against 45-100 ms at 64 tiles); it also decodes plain tiles
 * straight to about their size: scaled by n/8 as the JPEG is decoded
 * (jpeg-scaled-size.ts), else resized to fit (picture-fit.ts). Elsewhere (plain http on a LAN
 * address) createImageBitmap of a Blob, which also decodes off the calling
 * thread, at the picture's own size.
 *
 * The platform (createImageBitmap, ImageDecoder) is injected, so the
 * choice and the fitting are tested without a browser. Cost: one byte
 * buffer and one decode per picture. Limits: a base64 error throws at once
 * (before any promise), as the pull loop expects of a bad picture.
 */
import { base64Bytes } from './base64-bytes';
import { DECODE_OPTIONS, fittedOptions, type PixelSize } from './picture-fit';
import { scaledDecodeSizeOf } from './jpeg-scaled-size';

/** How pictures are decoded; 'image-decoder' falls back to 'blob' where the browser lacks ImageDecoder. */
export type PictureDecoder = 'blob' | 'image-decoder';

/**
 * How far each picture goes. The product draws ('draw'); the frame-rate
 * benchmark also stops pictures after decoding ('decode') or on arrival
 * ('receive') to tell the cost of receiving, decoding and drawing apart.
 */
export type PicturePath = 'draw' | 'decode' | 'receive';

export interface ImageDecoderLike {
  decode(): Promise<{ image: VideoFrame }>;
  close(): void;
}
export interface ImageDecoderInit {
  data: BufferSource;
  type: string;
  /** Decode scaled to about this size (jpeg-scaled-size.ts says what Chromium makes of it). */
  desiredWidth?: number;
  desiredHeight?: number;
}
export type ImageDecoderConstructor = new (init: ImageDecoderInit) => ImageDecoderLike;

/** What decoding needs of the browser. */
export interface DecodePlatform {
  createImageBitmap(source: ImageBitmapSource, options?: ImageBitmapOptions): Promise<ImageBitmap>;
  /** WebCodecs' ImageDecoder, where the browser has it. */
  ImageDecoder?: ImageDecoderConstructor | undefined;
}

/** This thread's decoders. */
export function browserDecodePlatform(): DecodePlatform {
  return {
    createImageBitmap: (source, options) => createImageBitmap(source, options),
    ImageDecoder: (globalThis as { ImageDecoder?: ImageDecoderConstructor }).ImageDecoder,
  };
}

/** The decoder that actually runs for a setting on a platform. */
export function effectiveDecoder(setting: PictureDecoder, platform: DecodePlatform): PictureDecoder {
  return setting === 'image-decoder' && platform.ImageDecoder ? 'image-decoder' : 'blob';
}

/** What 'receive' hands on instead of a picture. */
export const UNDECODED = { close: () => undefined } as ImageBitmap;

export class PictureDecoding {
  /** The setting; see `effectiveDecoder` for what runs. */
  decoder: PictureDecoder = 'image-decoder';
  path: PicturePath = 'draw';

  constructor(
    private readonly platform: DecodePlatform,
    private readonly toBytes: (text: string) => Uint8Array<ArrayBuffer> = (text) => base64Bytes(text),
  ) {}

  /** Decodes one picture; `fitInside` is a plain tile's device size (null for tiles that keep every pixel). */
  decode(text: string, fitInside: PixelSize | null): Promise<ImageBitmap> {
    if (this.path === 'receive') return Promise.resolve(UNDECODED);
    const bytes = this.toBytes(text);
    if (effectiveDecoder(this.decoder, this.platform) === 'image-decoder') return this.decodeWithImageDecoder(bytes, fitInside);
    return this.platform.createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }), DECODE_OPTIONS);
  }

  private async decodeWithImageDecoder(bytes: Uint8Array<ArrayBuffer>, fitInside: PixelSize | null): Promise<ImageBitmap> {
    // A plain tile's picture is decoded scaled, at the first n/8 of its size at or above the tile's, and kept
    // at that size: the page's compositor fits it into the tile (object-fit), as it does any picture. A second
    // pass to the tile's exact size cost as much CPU per picture as the larger commit saved (frame-rate bench,
    // 36 and 64 tiles x 25 fps, two runs each), so the picture goes through one pass fewer.
    const scaled = fitInside ? scaledDecodeSizeOf(bytes, fitInside) : null;
    const decoder = new this.platform.ImageDecoder!({
      data: bytes,
      type: 'image/jpeg',
      ...(scaled ? { desiredWidth: scaled.width, desiredHeight: scaled.height } : {}),
    });
    try {
      const { image } = await decoder.decode();
      try {
        return await this.platform.createImageBitmap(image, scaled ? DECODE_OPTIONS : fittedOptions(image.displayWidth, image.displayHeight, fitInside));
      } finally {
        image.close();
      }
    } finally {
      decoder.close();
    }
  }
}
