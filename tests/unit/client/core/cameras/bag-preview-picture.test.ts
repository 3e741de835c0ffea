import { describe, expect, it } from 'vitest';
import { bagPreviewPicture, previewSize } from '../../../../../src/core/cameras/bag-preview-picture';

const camera = { id: 'cam 1', orchidId: 'srv/2', streamHref: '/service/streams/s1' };
const ELEMENT = { width: 119, height: 67 };

describe('bag preview picture', () => {
  it('asks a server reached through the proxy for the aggregator’s cropped preview at twice the element size times the pixel ratio', () => {
    expect(bagPreviewPicture(camera, ELEMENT, 1, true)).toEqual({
      kind: 'camera-preview',
      orchidId: 'srv/2',
      cameraId: 'cam 1',
      size: { width: 238, height: 134 },
      crop: true,
    });
    expect(bagPreviewPicture(camera, ELEMENT, 2, true)).toMatchObject({ kind: 'camera-preview', size: { width: 476, height: 268 } });
    // A fractional ratio (a zoomed page) still asks for even sides, which is what the recorder renders.
    expect(bagPreviewPicture(camera, { width: 120, height: 68 }, 1.25, true)).toMatchObject({ size: { width: 300, height: 170 } });
  });

  it('keeps a server called directly, and the single-server edition, on the stream picture at twice the element size', () => {
    expect(bagPreviewPicture(camera, ELEMENT, 2, false)).toEqual({
      kind: 'stream-frame',
      streamHref: '/service/streams/s1',
      server: 'srv/2',
      size: { width: 238, height: 134 },
    });
    expect(bagPreviewPicture({ id: 'c', streamHref: '/service/streams/s9' }, ELEMENT, 1, true)).toMatchObject({ kind: 'stream-frame', server: undefined });
    expect(previewSize(119, 67)).toEqual({ width: 238, height: 134 });
  });

  it('shrinks a large ask as a whole into 1920x1080, keeping the element’s shape for the crop', () => {
    const wide = bagPreviewPicture(camera, { width: 1200, height: 400 }, 2, true);
    expect(wide.size).toEqual({ width: 1920, height: 640 });
    const tall = bagPreviewPicture(camera, { width: 400, height: 900 }, 1, true);
    expect(tall.size).toEqual({ width: 480, height: 1080 });
    const big = bagPreviewPicture(camera, { width: 3000, height: 3000 * (9 / 16) }, 3, true);
    expect(big.size).toEqual({ width: 1920, height: 1080 });
  });

  it('never asks for less than 2x2 nor trusts a broken pixel ratio', () => {
    expect(bagPreviewPicture(camera, { width: 0, height: 0 }, 1, true).size).toEqual({ width: 2, height: 2 });
    expect(bagPreviewPicture(camera, ELEMENT, Number.NaN, true).size).toEqual({ width: 238, height: 134 });
    expect(bagPreviewPicture(camera, ELEMENT, 0, true).size).toEqual({ width: 238, height: 134 });
  });
});
