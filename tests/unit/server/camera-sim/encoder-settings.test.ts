import { describe, expect, it } from 'vitest';
import { buildEncoderArgs, encoderKey, keepsFrame, type EncoderSpec } from '../../../../server/camera-sim/encoder-args';
import { readEncoderChange, type OnvifCameraInfo, type OnvifProfile } from '../../../../server/camera-sim/onvif-media-service';
import { parseSoapRequest, SoapFault, soapEnvelope } from '../../../../server/camera-sim/onvif-soap';
import { setVideoEncoderBody } from '../../../../server/recorder/core/onvif-client';

const base: EncoderSpec = {
  scene: { width: 2560, height: 1440 },
  view: { kind: 'static', window: { x: 640, y: 360, width: 1280, height: 720 } },
  motion: false,
  canvas: { width: 1280, height: 720 },
  main: { width: 1280, height: 720, bitrateKbps: 1500 },
  sub: { width: 640, height: 360, bitrateKbps: 400 },
  fps: 25,
  gopFrames: 25,
  strip: { width: 1024, height: 64 },
};

describe('encoder settings per output', () => {
  it('keeps exactly outFps of every inFps frames, the first of each slot', () => {
    for (const out of [1, 7, 10, 12, 24, 25]) {
      const kept = Array.from({ length: 250 }, (_, n) => keepsFrame(n, out, 25)).filter(Boolean).length;
      expect(kept).toBe(out * 10);
    }
    expect(keepsFrame(0, 10, 25)).toBe(true);
  });

  it('re-encodes a lower rate, another size, GOP and bit rate, and never shares an encoder with other settings', () => {
    const changed: EncoderSpec = { ...base, main: { width: 640, height: 360, bitrateKbps: 800, fps: 10, gopFrames: 20 } };
    const args = buildEncoderArgs(changed);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain("[mainin]select='not(eq(floor(n*10/25),floor((n-1)*10/25)))',settb=1/10,setpts=N,scale=640:360");
    expect(args.join(' ')).toContain('-g 20 -keyint_min 20');
    expect(args.join(' ')).toContain('-r 10');
    expect(args).toContain('800k');
    expect(encoderKey(changed)).not.toBe(encoderKey(base));
    // Defaults keep the old graph (no extra filters on main).
    expect(buildEncoderArgs(base).join(' ')).not.toContain('select=');
  });
});

const profile = (token: string, width: number, height: number): OnvifProfile => ({
  token,
  name: token,
  encoderToken: `vec_${token}`,
  width,
  height,
  bitrateKbps: 1500,
  offered: { width, height },
  fps: 25,
  govLength: 25,
  quality: 5,
  rtspUrl: 'rtsp://127.0.0.1/x',
  snapshotUrl: 'http://127.0.0.1/s.jpg',
});

const info = { fps: 25, profiles: [profile('main', 1280, 720), profile('sub', 640, 360)] } as unknown as OnvifCameraInfo;

function request(change: Parameters<typeof setVideoEncoderBody>[1], token = 'vec_main') {
  const current = {
    $: { token },
    name: 'Main <stream> & co',
    useCount: 1,
    resolution: { width: 1280, height: 720 },
    quality: 5,
    rateControl: { frameRateLimit: 25, encodingInterval: 1, bitrateLimit: 1500 },
    H264: { govLength: 25, H264Profile: 'Baseline' },
  };
  return parseSoapRequest(soapEnvelope(setVideoEncoderBody(current, change)));
}

describe('SetVideoEncoderConfiguration between the recorder and the simulated camera', () => {
  it('sends the whole configuration, escaped, with the change applied, and the camera reads it back', () => {
    expect(setVideoEncoderBody({ $: { token: 't' }, name: 'a<b>&c' }, {})).toContain('<tt:Name>a&lt;b&gt;&amp;c</tt:Name>');
    expect(readEncoderChange(request({ width: 640, height: 360, frameRateLimit: 10, govLength: 20, bitrateLimit: 800, quality: 7 }), info)).toEqual({
      profileToken: 'main',
      width: 640,
      height: 360,
      fps: 10,
      govLength: 20,
      quality: 7,
      bitrateKbps: 800,
    });
  });

  it('refuses values outside the options with ter:ConfigModify, and an unknown configuration with ter:NoConfig', () => {
    for (const change of [{ frameRateLimit: 30 }, { width: 1920, height: 1080 }, { govLength: 251 }, { bitrateLimit: 63 }, { quality: 11 }]) {
      expect(() => readEncoderChange(request(change), info)).toThrow(SoapFault);
      try {
        readEncoderChange(request(change), info);
      } catch (error) {
        expect((error as SoapFault).subcodes).toContain('ter:ConfigModify');
      }
    }
    expect(() => readEncoderChange(request({}, 'nope'), info)).toThrow(/does not exist/);
  });
});
