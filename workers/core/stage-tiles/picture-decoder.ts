/**
 * Decoding of the stage's low-bandwidth pictures: base64 JPEG text to an
 * ImageBitmap, with the decoder chosen per browser and how far pictures
 * go (the benchmark's cost attribution).
 *
 * Decoder choice: WebCodecs' ImageDecoder where the browser has it (secure
 * contexts) decodes from the bytes with no Blob round trip, and in the
 * benchmark a picture waited markedly less between arrival and draw
 * (16-48 ms against 45-100 ms at 64 tiles); it also decodes plain tiles
 * straight to their size (picture-fit.ts). Elsewhere (plain http on a LAN
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
export type ImageDecoderConstructor = new (init: { data: BufferSource; type: string }) => ImageDecoderLike;

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
    const decoder = new this.platform.ImageDecoder!({ data: bytes, type: 'image/jpeg' });
    try {
      const { image } = await decoder.decode();
      try {
        return await this.platform.createImageBitmap(image, fittedOptions(image.displayWidth, image.displayHeight, fitInside));
      } finally {
        image.close();
      }
    } finally {
      decoder.close();
    }
  }
}
