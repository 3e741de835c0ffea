import { describe, expect, it } from 'vitest';
import {
  bestMatchingStream,
  canCopy,
  copyableFields,
  copyTargets,
  mapEncoder,
  mapVideoValue,
  nearestResolution,
  pixelCount,
  planCopy,
} from '../../../../../src/core/cameras/copy-stream';
import { makeCamera, makeStream } from './camera-fixtures';

const main = (cameraId: string, overrides = {}) => makeStream({ id: `${cameraId}-main`, cameraId, name: 'Main', ...overrides });
const sub = (cameraId: string, overrides = {}) =>
  makeStream({ id: `${cameraId}-sub`, cameraId, name: 'Sub', configuration: { Video: { Encoder: 'H264', Resolution: '640x360', FrameRate: 25, BitRate: 512 } }, ...overrides });

describe('copy-stream targets (spec 5: only ONVIF cameras)', () => {
  it('offers the other ONVIF cameras, not the source camera, Generic RTSP or defunct ones', () => {
    const source = makeCamera({ id: 'a' });
    const cameras = [source, makeCamera({ id: 'b' }), makeCamera({ id: 'c', driver: 'Generic RTSP' }), makeCamera({ id: 'd', defunct: true })];
    expect(copyTargets(source, cameras).map((c) => c.id)).toEqual(['b']);
  });
});

describe('value mapping (spec 5)', () => {
  it('clamps int values to the target range', () => {
    expect(mapVideoValue('FrameRate', 30, { type: 'int', min: 1, max: 15 })).toBe(15);
    expect(mapVideoValue('GOVLength', 0, { type: 'int', min: 10, max: 60 })).toBe(10);
    expect(mapVideoValue('FrameRate', 12, { type: 'int', min: 1, max: 15 })).toBe(12);
  });

  it('maps a resolution to the target option nearest in pixel count', () => {
    expect(pixelCount('1280x720')).toBe(921_600);
    // 1920x1080 is 2.07 Mpx: 1.15 M from 1280x720, 1.61 M from 2560x1440.
    expect(nearestResolution('1920x1080', ['1280x720', '2560x1440', '640x360'])).toBe('1280x720');
    expect(nearestResolution('2304x1296', ['1280x720', '2560x1440', '640x360'])).toBe('2560x1440');
    expect(nearestResolution('1600x900', ['1280x720', '2560x1440', '640x360'])).toBe('1280x720');
    expect(nearestResolution('704x480', ['1280x720', '640x360'])).toBe('640x360');
    expect(mapVideoValue('Resolution', '1920x1080', { type: 'enum', options: ['1280x720', '640x360'] })).toBe('1280x720');
  });

  it('falls back to the target’s first encoder when it lacks the source’s', () => {
    expect(mapEncoder('H265', ['H264', 'MJPEG'])).toBe('H264');
    expect(mapEncoder('MJPEG', ['H264', 'MJPEG'])).toBe('MJPEG');
    expect(mapVideoValue('Encoder', 'H265', { type: 'enum', options: ['H264', 'MJPEG'] })).toBe('H264');
  });

  it('copies a value as it is when the target says nothing about it', () => {
    expect(mapVideoValue('Quality', 4, undefined)).toBe(4);
  });
});

describe('best match', () => {
  it('picks the target stream nearest in resolution, then the same name', () => {
    const target = [sub('b'), main('b')];
    expect(bestMatchingStream(main('a'), target)?.id).toBe('b-main');
    expect(bestMatchingStream(sub('a'), target)?.id).toBe('b-sub');
    const twins = [sub('b', { name: 'Other' }), sub('b', { id: 'b-sub2', name: 'Sub' })];
    expect(bestMatchingStream(sub('a'), twins)?.id).toBe('b-sub2');
    expect(bestMatchingStream(main('a'), [])).toBeUndefined();
  });
});

describe('planCopy', () => {
  it('lists what would change and builds the PATCH for the best-matching stream', () => {
    const source = main('a', {
      configuration: { Video: { Encoder: 'H264', Resolution: '1920x1080', FrameRate: 30, BitRate: 2048 } },
      recordingConfiguration: { mode: 'EMBEDDED_LITE_MODE', filesplit: { motionMode: 0, recordState: true } },
    });
    const target = makeCamera({ id: 'b', streams: [sub('b'), main('b')] });
    const plan = planCopy(source, copyableFields(source), target);
    if (!plan.ok) throw new Error('expected a plan');
    expect(plan.stream.id).toBe('b-main');
    // FrameRate 30 is clamped to the target's 25 and 1920x1080 maps to its 1280x720: both as they are already.
    expect(plan.changes).toEqual([{ field: 'recordingStyle', from: 'continuous-motion-adaptive', to: 'continuous' }]);
    expect(plan.request.configuration).toEqual({ Video: { Encoder: 'H264', Resolution: '1280x720', FrameRate: 25, BitRate: 2048 } });
    expect(plan.request.recordingConfiguration).toMatchObject({ mode: 'EMBEDDED_LITE_MODE', filesplit: { motionMode: 0 } });
  });

  it('copies only the selected settings', () => {
    const source = main('a', { configuration: { Video: { FrameRate: 10, BitRate: 100 } } });
    const plan = planCopy(source, ['Video.FrameRate'], makeCamera({ id: 'b', streams: [main('b')] }));
    if (!plan.ok) throw new Error('expected a plan');
    expect(plan.request).toEqual({ configuration: { Video: { FrameRate: 10 } } });
    expect(plan.changes).toEqual([{ field: 'Video.FrameRate', from: 25, to: 10 }]);
  });

  it('skips a setting the target stream neither has nor can take', () => {
    const source = main('a', { configuration: { Video: { EncoderInterval: 2 } } });
    const plan = planCopy(source, ['Video.EncoderInterval'], makeCamera({ id: 'b', streams: [main('b')] }));
    expect(plan.ok && plan.request).toEqual({});
  });

  it('reports a camera without streams', () => {
    expect(planCopy(main('a'), ['recordingStyle'], makeCamera({ id: 'b', streams: [] }))).toMatchObject({ ok: false, reason: 'no-streams' });
  });

  it('offers the recording style and every video setting of the source', () => {
    expect(copyableFields(sub('a'))).toEqual(['recordingStyle', 'Video.Encoder', 'Video.Resolution', 'Video.FrameRate', 'Video.BitRate']);
  });
});

describe('Copy button (spec 5)', () => {
  it('is disabled with no camera selected, no setting chosen, or while copying', () => {
    expect(canCopy(new Set(), 'selecting', ['recordingStyle'])).toBe(false);
    expect(canCopy(new Set(['b']), 'selecting', [])).toBe(false);
    expect(canCopy(new Set(['b']), 'processing', ['recordingStyle'])).toBe(false);
    expect(canCopy(new Set(['b']), 'review', ['recordingStyle'])).toBe(false);
    expect(canCopy(new Set(['b']), 'selecting', ['recordingStyle'])).toBe(true);
    expect(canCopy(['b'], 'selecting', ['recordingStyle'])).toBe(true);
  });
});
