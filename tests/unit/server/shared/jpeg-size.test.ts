import { describe, expect, it } from 'vitest';
import { jpegSize } from '../../../../server/shared/jpeg-size';

/** A JPEG's header as an encoder writes it: SOI, APP0, a fill byte, DQT, DHT, then the frame header and a scan. */
function jpegHeader(width: number, height: number, frameMarker = 0xc0): Uint8Array {
  const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
  return new Uint8Array([
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    0xff, // fill
    ...segment(0xdb, new Array(65).fill(1)),
    ...segment(0xc4, new Array(20).fill(0)),
    ...segment(frameMarker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    0x12, 0x34, 0xff, 0xd9,
  ]);
}

describe('jpegSize', () => {
  it('reads the size from the frame header, past other segments and a fill byte', () => {
    expect(jpegSize(jpegHeader(640, 360))).toEqual({ width: 640, height: 360 });
    expect(jpegSize(jpegHeader(1920, 1080, 0xc2))).toEqual({ width: 1920, height: 1080 });
  });

  it('answers null for bytes that are not a JPEG, one cut short, or one whose scan comes first', () => {
    expect(jpegSize(new Uint8Array([0, 1, 2]))).toBeNull();
    expect(jpegSize(jpegHeader(640, 360).subarray(0, 30))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBeNull();
    expect(jpegSize(jpegHeader(0, 360))).toBeNull();
  });
});
