import { describe, expect, it } from 'vitest';
import { DECODE_OPTIONS } from '../../../../../workers/core/stage-tiles/picture-fit';
import {
  PictureDecoding,
  UNDECODED,
  effectiveDecoder,
  type DecodePlatform,
  type ImageDecoderConstructor,
} from '../../../../../workers/core/stage-tiles/picture-decoder';

interface Call {
  source: unknown;
  options: ImageBitmapOptions | undefined;
}

function platform(options: { imageDecoder?: boolean; bitmapFails?: boolean } = {}) {
  const bitmaps: Call[] = [];
  const decoders: Array<{ data: BufferSource; type: string; desiredWidth?: number; desiredHeight?: number; closed: boolean }> = [];
  const images: Array<{ displayWidth: number; displayHeight: number; closed: boolean; close(): void }> = [];
  const ImageDecoder = class {
    readonly entry: { data: BufferSource; type: string; desiredWidth?: number; desiredHeight?: number; closed: boolean };
    constructor(init: { data: BufferSource; type: string; desiredWidth?: number; desiredHeight?: number }) {
      this.entry = { ...init, closed: false };
      decoders.push(this.entry);
    }
    async decode() {
      const image = { displayWidth: 1280, displayHeight: 720, closed: false, close: () => (image.closed = true) };
      images.push(image);
      return { image: image as unknown as VideoFrame };
    }
    close() {
      this.entry.closed = true;
    }
  } as unknown as ImageDecoderConstructor;
  const value: DecodePlatform = {
    createImageBitmap: async (source, bitmapOptions) => {
      bitmaps.push({ source, options: bitmapOptions });
      if (options.bitmapFails) throw new Error('bad jpeg');
      return { close: () => undefined } as ImageBitmap;
    },
    ...(options.imageDecoder ? { ImageDecoder } : {}),
  };
  return { value, bitmaps, decoders, images };
}

describe('decoder choice', () => {
  it('runs ImageDecoder only where the browser has it', () => {
    expect(effectiveDecoder('image-decoder', platform({ imageDecoder: true }).value)).toBe('image-decoder');
    expect(effectiveDecoder('image-decoder', platform().value)).toBe('blob');
    expect(effectiveDecoder('blob', platform({ imageDecoder: true }).value)).toBe('blob');
  });
});

describe('picture decoding', () => {
  it('decodes with ImageDecoder by default, fitted to the tile, and closes what it made', async () => {
    const p = platform({ imageDecoder: true });
    const decoding = new PictureDecoding(p.value);
    await decoding.decode('AAEC', { width: 320, height: 320 });
    expect(p.decoders).toHaveLength(1);
    expect(p.decoders[0]!.type).toBe('image/jpeg');
    expect([...(p.decoders[0]!.data as Uint8Array)]).toEqual([0, 1, 2]);
    expect(p.bitmaps[0]!.source).toBe(p.images[0]);
    expect(p.bitmaps[0]!.options).toMatchObject({ resizeWidth: 320, resizeHeight: 180 });
    expect(p.images[0]!.closed).toBe(true);
    expect(p.decoders[0]!.closed).toBe(true);
  });

  it("asks ImageDecoder to decode scaled, at the first eighth of the JPEG's own size at or above the tile", async () => {
    // The frame header of a 1280x720 JPEG: a 320x320 tile needs 4 eighths (720 * 4/8 = 360 >= 320).
    const header = [0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 720 >> 8, 720 & 0xff, 1280 >> 8, 1280 & 0xff, 1, 1, 0x11, 0];
    const p = platform({ imageDecoder: true });
    const decoding = new PictureDecoding(p.value);
    await decoding.decode(btoa(String.fromCharCode(...header)), { width: 320, height: 320 });
    expect(p.decoders[0]).toMatchObject({ desiredWidth: 640, desiredHeight: 360 });
    // Decoded scaled, the picture is not resized a second time.
    expect(p.bitmaps[0]!.options).toBe(DECODE_OPTIONS);
    // Without a tile size, or bytes whose size cannot be read, it decodes whole.
    await decoding.decode(btoa(String.fromCharCode(...header)), null);
    await decoding.decode('AAEC', { width: 320, height: 320 });
    expect(p.decoders[1]!.desiredWidth).toBeUndefined();
    expect(p.decoders[2]!.desiredWidth).toBeUndefined();
  });

  it('keeps every pixel without a tile size', async () => {
    const p = platform({ imageDecoder: true });
    await new PictureDecoding(p.value).decode('AAEC', null);
    expect(p.bitmaps[0]!.options).toBe(DECODE_OPTIONS);
  });

  it('closes the decoded image and the decoder when the bitmap fails', async () => {
    const p = platform({ imageDecoder: true, bitmapFails: true });
    await expect(new PictureDecoding(p.value).decode('AAEC', null)).rejects.toThrow('bad jpeg');
    expect(p.images[0]!.closed).toBe(true);
    expect(p.decoders[0]!.closed).toBe(true);
  });

  it('decodes a JPEG Blob at its own size without ImageDecoder, or when told to', async () => {
    for (const p of [platform(), platform({ imageDecoder: true })]) {
      const decoding = new PictureDecoding(p.value);
      decoding.decoder = 'blob';
      await decoding.decode('AAEC', { width: 10, height: 10 });
      expect(p.decoders).toHaveLength(0);
      const blob = p.bitmaps[0]!.source as Blob;
      expect(blob.type).toBe('image/jpeg');
      expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0, 1, 2]);
      expect(p.bitmaps[0]!.options).toBe(DECODE_OPTIONS);
    }
  });

  it("hands on a stand-in without decoding on the 'receive' path", async () => {
    const p = platform({ imageDecoder: true });
    const decoding = new PictureDecoding(p.value);
    decoding.path = 'receive';
    expect(await decoding.decode('not even base64!', null)).toBe(UNDECODED);
    expect(p.bitmaps).toHaveLength(0);
    decoding.path = 'decode';
    await decoding.decode('AAEC', null);
    expect(p.bitmaps).toHaveLength(1);
  });

  it('throws at once on text that is not base64', () => {
    const decoding = new PictureDecoding(platform().value);
    expect(() => decoding.decode('not base64!', null)).toThrow();
  });
});
