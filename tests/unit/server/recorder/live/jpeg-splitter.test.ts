import { describe, expect, it } from 'vitest';
import { JpegSplitter } from '../../../../../server/recorder/live/jpeg-splitter';

/** A minimal JPEG-shaped byte string: SOI, a segment, SOS, entropy data, EOI. */
function fakeJpeg(entropy: number[], extraSegment: number[] = []): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 2 + extraSegment.length, ...extraSegment];
  const sos = [0xff, 0xda, 0x00, 0x04, 0x01, 0x02];
  return Buffer.from([0xff, 0xd8, ...app0, ...sos, ...entropy, 0xff, 0xd9]);
}

describe('JpegSplitter', () => {
  it('splits concatenated images fed in arbitrary chunks', () => {
    const a = fakeJpeg([1, 2, 3]);
    const b = fakeJpeg([4, 5, 6, 7]);
    const stream = Buffer.concat([a, b, a]);
    for (const chunkSize of [1, 2, 3, 7, stream.length]) {
      const splitter = new JpegSplitter();
      const out: Buffer[] = [];
      for (let i = 0; i < stream.length; i += chunkSize) out.push(...splitter.push(stream.subarray(i, i + chunkSize)));
      expect(out).toEqual([a, b, a]);
    }
  });

  it('does not end an image at FF D9 inside a header segment or at stuffed and restart bytes', () => {
    const tricky = fakeJpeg([0xff, 0x00, 0x10, 0xff, 0xd3, 0x20], [0xff, 0xd9, 0xff, 0xd9]);
    const splitter = new JpegSplitter();
    expect(splitter.push(Buffer.concat([tricky, tricky]))).toEqual([tricky, tricky]);
  });

  it('skips garbage between images and keeps a partial image for later', () => {
    const a = fakeJpeg([9, 9]);
    const splitter = new JpegSplitter();
    expect(splitter.push(Buffer.concat([Buffer.from([0, 1, 2, 0xff]), a.subarray(0, 5)]))).toEqual([]);
    expect(splitter.push(a.subarray(5))).toEqual([a]);
  });

  it('finds a SOI split across two chunks after garbage', () => {
    const a = fakeJpeg([1]);
    const splitter = new JpegSplitter();
    expect(splitter.push(Buffer.from([7, 7, 0xff]))).toEqual([]);
    expect(splitter.push(a.subarray(1))).toEqual([a]);
  });
});
