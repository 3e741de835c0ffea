import { describe, expect, it } from 'vitest';
import { checkMaskImage, maskImageInfo, MAX_MASK_SIDE, watchMapOf } from '../../../../../server/recorder/motion/motion-mask-image';
import { maskHref, MotionMaskService, type StoredMask } from '../../../../../server/recorder/motion/motion-mask-service';
import type { RecordingConfiguration } from '../../../../../server/shared/api';
import { decodeMask } from '../../../../../server/recorder/motion/mask-decoder';
import { DETECTION_HEIGHT, DETECTION_WIDTH } from '../../../../../server/recorder/motion/motion-ffmpeg-args';
import { encodePng } from './png';

/** A 320x180 mask: the left half painted black, the rest transparent. */
const leftHalfIgnored = () => encodePng(320, 180, (x) => (x < 160 ? [0, 0, 0, 255] : [0, 0, 0, 0]));

/** A minimal JPEG header: SOI, an APP0 segment, then SOF0 with height 90 and width 160. */
function jpegHeader(): Buffer {
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 90, 0x00, 160, 0x03]);
}

describe('mask image header', () => {
  it('reads kind and size of PNG and JPEG', () => {
    expect(maskImageInfo(leftHalfIgnored())).toEqual({ contentType: 'image/png', width: 320, height: 180 });
    expect(maskImageInfo(jpegHeader())).toEqual({ contentType: 'image/jpeg', width: 160, height: 90 });
  });

  it("refuses what is not an image, empty, or too large, with 'Could not load mask'", () => {
    for (const bytes of [Buffer.from('GIF89a...'), Buffer.from('{"mask":1}'), Buffer.alloc(0), Buffer.from([0xff, 0xd8, 0xff, 0xd9])]) {
      const check = checkMaskImage(bytes);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.reason).toMatch(/^Could not load mask/);
    }
    const huge = encodePng(1, 1, () => [0, 0, 0, 0]);
    huge.writeUInt32BE(MAX_MASK_SIDE + 1, 16);
    expect(checkMaskImage(huge)).toMatchObject({ ok: false, code: 'mask-too-large' });
  });

  it('watches light pixels and ignores dark ones', () => {
    expect([...watchMapOf(Uint8Array.of(0, 127, 128, 255))]).toEqual([0, 0, 1, 1]);
  });
});

describe('mask decoding (ffmpeg)', () => {
  it('scales to the detection size, black ignored, transparent watched', async () => {
    const gray = await decodeMask(leftHalfIgnored(), 'image/png');
    expect(gray).toHaveLength(DETECTION_WIDTH * DETECTION_HEIGHT);
    const map = watchMapOf(gray!);
    expect(map[10 * DETECTION_WIDTH + 10]).toBe(0);
    expect(map[10 * DETECTION_WIDTH + 150]).toBe(1);
    expect(map.reduce((a, b) => a + b, 0)).toBe((DETECTION_WIDTH * DETECTION_HEIGHT) / 2);
  });

  it('answers undefined for a PNG header over garbage', async () => {
    const broken = Buffer.concat([leftHalfIgnored().subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(checkMaskImage(broken).ok).toBe(true);
    expect(await decodeMask(broken, 'image/png')).toBeUndefined();
  });
});

describe('mask service', () => {
  function setup(options: { decodes: boolean } = { decodes: true }) {
    const decoded = options.decodes ? new Uint8Array(DETECTION_WIDTH * DETECTION_HEIGHT) : undefined;
    let config: RecordingConfiguration = { mode: 'ALL_FEATURES_MODE', motionReducer: false, filesplit: { motionMode: 0, recordState: true }, bgseg: { boxArea: 9 } };
    let stored: StoredMask | undefined;
    const changed: string[] = [];
    const service = new MotionMaskService({
      store: { get: () => stored, put: (m) => (stored = m), delete: () => (stored = undefined) },
      decode: async () => decoded,
      streams: {
        recordingConfiguration: (cameraId, streamId) => (cameraId === 'c' && streamId === 's' ? config : undefined),
        setRecordingConfiguration: async (_c, _s, next) => void (config = next),
      },
      changed: (id) => changed.push(id),
    });
    return { service, config: () => config, stored: () => stored, changed };
  }

  it('stores the mask, sets the href and tells the detector; delete undoes all of it', async () => {
    const t = setup();
    const png = leftHalfIgnored();
    expect(await t.service.put('c', 's', png)).toEqual({ href: maskHref('c', 's') });
    expect(t.config().bgseg).toEqual({ boxArea: 9, motionMask: { href: '/service/cameras/c/streams/s/motion/mask' } });
    expect(t.service.get('c', 's')).toEqual({ contentType: 'image/png', image: png });
    await t.service.delete('c', 's');
    expect(t.config().bgseg).toEqual({ boxArea: 9 });
    expect(t.stored()).toBeUndefined();
    expect(t.changed).toEqual(['s', 's']);
    expect(() => t.service.get('c', 's')).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('refuses a body that is not a readable image and keeps the previous mask', async () => {
    const t = setup();
    await t.service.put('c', 's', leftHalfIgnored());
    const before = t.stored();
    await expect(t.service.put('c', 's', Buffer.from('not an image'))).rejects.toMatchObject({ status: 400, reason: expect.stringMatching(/^Could not load mask/) });
    await expect(t.service.put('c', 's', undefined)).rejects.toMatchObject({ status: 400, code: 'invalid-mask' });
    expect(t.stored()).toBe(before);
    const undecodable = setup({ decodes: false });
    await expect(undecodable.service.put('c', 's', leftHalfIgnored())).rejects.toMatchObject({ status: 400, code: 'invalid-mask' });
    expect(undecodable.stored()).toBeUndefined();
  });

  it('answers 404 for a stream of another camera', async () => {
    const t = setup();
    await expect(t.service.put('other', 's', leftHalfIgnored())).rejects.toMatchObject({ status: 404 });
  });
});
