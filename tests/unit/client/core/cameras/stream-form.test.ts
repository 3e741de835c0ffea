import { describe, expect, it } from 'vitest';
import {
  applyStreamRules,
  changeSetting,
  changeStyle,
  settingsStayInRecorder,
  streamFormFrom,
  toStreamRequest,
  validateStreamForm,
} from '../../../../../src/core/cameras/stream-form';
import { makeCamera, makeStream } from './camera-fixtures';

describe('stream form', () => {
  it('opens an existing stream with its name, style and settings fitted to its capabilities', () => {
    const stream = makeStream({ id: 's', configuration: { Video: { Encoder: 'H264', Resolution: '1920x1080', FrameRate: 60, BitRate: 2147483647 } } });
    const setup = streamFormFrom(makeCamera({ id: 'c', streams: [stream] }), stream);
    expect(setup.styleDerived).toBe(true);
    expect(setup.values.name).toBe('Main');
    expect(setup.values.style).toBe('continuous-motion-adaptive');
    // Enum not among the options: last option; 60 clamped to 25; 2147483647 ("no limit") becomes 0, as the recorder stores it.
    expect(setup.values.settings.Video).toMatchObject({ Resolution: '640x360', FrameRate: 25, BitRate: 0 });
  });

  it('says when the stored configuration maps to no single style and selects the default', () => {
    const stream = makeStream({ id: 's', recordingConfiguration: { mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 7 } } });
    const setup = streamFormFrom(makeCamera({ id: 'c', streams: [stream] }), stream);
    expect(setup.styleDerived).toBe(false);
    expect(setup.values.style).toBe('continuous-motion-adaptive');
    // Saving applies the default style's configuration.
    expect(toStreamRequest(setup.values, stream).recordingConfiguration).toMatchObject({ mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 0 } });
  });

  it('clamps a changed setting and remembers it changed', () => {
    const stream = makeStream({ id: 's', recordingStyle: 'continuous', recordingConfiguration: { mode: 'EMBEDDED_LITE_MODE', filesplit: { motionMode: 0 } } });
    const setup = streamFormFrom(makeCamera({ id: 'c', streams: [stream] }), stream);
    const next = changeSetting(setup.values, setup.capabilities, 'Video', 'FrameRate', '99');
    expect(next.settings.Video.FrameRate).toBe(25);
    expect(next.changed).toEqual(['Video.FrameRate']);
    expect(changeSetting(next, setup.capabilities, 'Video', 'Profile', 'High').settings.Video.Profile).toBe('Main');
  });

  it('limits a motion-adaptive frame rate to 30 and keeps the GOV length one of frameRate / n', () => {
    const capabilities = { Video: { FrameRate: { type: 'int' as const, min: 1, max: 60 }, GOVLength: { type: 'int' as const, min: 1, max: 250 } } };
    const values = {
      name: 'x',
      style: 'continuous' as const,
      settings: { General: {}, Video: { FrameRate: 60, GOVLength: 120 }, Audio: {} },
      decodeAllFrames: true,
      changed: [],
    };
    expect(applyStreamRules(values, capabilities)).toBe(values);
    const adaptive = changeStyle(values, capabilities, 'continuous-motion-adaptive');
    expect(adaptive.settings.Video.FrameRate).toBe(30);
    // 120 is beyond 30 / n for any n <= 30: the nearest offered divisor, 30 (1 fps).
    expect(adaptive.settings.Video.GOVLength).toBe(30);
    expect(adaptive.changed).toEqual(expect.arrayContaining(['Video.FrameRate', 'Video.GOVLength']));
  });

  it('turns decoding of all frames on when the encoder becomes H264', () => {
    const capabilities = { Video: { Encoder: { type: 'enum' as const, options: ['MJPEG', 'H264'] } } };
    const values = { name: 'x', style: 'continuous-motion' as const, settings: { General: {}, Video: { Encoder: 'MJPEG' }, Audio: {} }, decodeAllFrames: false, changed: [] };
    const next = changeSetting(values, capabilities, 'Video', 'Encoder', 'H264');
    expect(next.decodeAllFrames).toBe(true);
    expect(toStreamRequest(next, null).recordingConfiguration?.decode).toEqual({ keyFramesOnly: false });
  });

  it('requires a name', () => {
    const setup = streamFormFrom(makeCamera({ id: 'c' }), null);
    expect(validateStreamForm(setup.values, 'Stream name is required.')).toEqual({ name: 'Stream name is required.' });
    expect(validateStreamForm({ ...setup.values, name: '  ' }, 'required').name).toBe('required');
    expect(validateStreamForm({ ...setup.values, name: 'Sub' }, 'required')).toEqual({});
  });

  it('sends only changed settings for a new stream and every shown setting for an edit', () => {
    const camera = makeCamera({ id: 'c' });
    const fresh = streamFormFrom(camera, null);
    const named = { ...fresh.values, name: ' Sub ' };
    expect(toStreamRequest(named, null)).toEqual({
      name: 'Sub',
      recordingConfiguration: { mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 0, recordState: true }, decode: { keyFramesOnly: false } },
    });
    const changed = changeSetting(named, fresh.capabilities, 'Video', 'BitRate', 512);
    expect(toStreamRequest(changed, null).configuration).toEqual({ Video: { BitRate: 512 } });

    const stream = camera.streams[0]!;
    const edit = streamFormFrom(camera, stream);
    expect(toStreamRequest(edit.values, stream).configuration?.Video).toMatchObject({ Resolution: '1280x720', FrameRate: 25, Encoder: 'H264' });
  });

  it('keeps the stream’s object size and mask when the style changes', () => {
    const stream = makeStream({ id: 's', recordingConfiguration: { mode: 'ALL_FEATURES_MODE', motionReducer: false, filesplit: { motionMode: 0 }, bgseg: { boxArea: 9 } } });
    const setup = streamFormFrom(makeCamera({ id: 'c', streams: [stream] }), stream);
    const next = changeStyle(setup.values, setup.capabilities, 'motion-only');
    expect(toStreamRequest(next, stream).recordingConfiguration).toMatchObject({ filesplit: { motionMode: 2, recordState: false }, bgseg: { boxArea: 9 } });
  });

  it('says settings stay in the recorder when the recorder says the stream does not push them to its camera', () => {
    // The driver is not what decides: the recorder's pushesToCamera is.
    const kept = makeStream({ id: 'g', pushesToCamera: false });
    const pushed = makeStream({ id: 'o', pushesToCamera: true });
    expect(settingsStayInRecorder(kept, makeCamera({ id: 'c', driver: 'ONVIF', streams: [kept] }))).toBe(true);
    expect(settingsStayInRecorder(pushed, makeCamera({ id: 'c', driver: 'Generic RTSP', streams: [pushed] }))).toBe(false);
  });

  it("judges a stream being added by the camera's other streams", () => {
    expect(settingsStayInRecorder(null, { streams: [makeStream({ id: 'g', pushesToCamera: false })] })).toBe(true);
    expect(settingsStayInRecorder(null, { streams: [makeStream({ id: 'o', pushesToCamera: true })] })).toBe(false);
    expect(settingsStayInRecorder(null, { streams: [] })).toBe(false);
  });
});
