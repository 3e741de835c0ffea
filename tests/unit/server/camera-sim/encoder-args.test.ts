import { describe, expect, it } from 'vitest';
import { buildEncoderArgs, encoderKey, type EncoderSpec } from '../../../../server/camera-sim/encoder-args';

const base: EncoderSpec = {
  scene: { width: 2560, height: 1440 },
  view: { kind: 'static', window: { x: 640, y: 360, width: 1280, height: 720 } },
  motion: true,
  main: { width: 1280, height: 720, bitrateKbps: 1500 },
  sub: { width: 640, height: 360, bitrateKbps: 400 },
  fps: 25,
  gopFrames: 25,
  strip: { width: 1024, height: 64 },
};

const graphOf = (args: string[]): string => args[args.indexOf('-filter_complex') + 1]!;

describe('buildEncoderArgs', () => {
  it('encodes two H.264 Annex-B outputs without B-frames, GOP 25, on separate pipes, each with its packet sizes beside it', () => {
    const args = buildEncoderArgs(base);
    expect(args.filter((a) => a === 'libx264')).toHaveLength(2);
    expect(args.filter((a, i) => a === '-bf' && args[i + 1] === '0')).toHaveLength(2);
    expect(args.filter((a, i) => a === '-g' && args[i + 1] === '25')).toHaveLength(2);
    // The tee muxer writes each encoded output twice: the H.264 itself and a framecrc line per packet.
    expect(args.filter((a, i) => a === '-f' && args[i + 1] === 'tee')).toHaveLength(2);
    expect(args).toContain('[f=h264:flush_packets=1]pipe:1|[f=framecrc:flush_packets=1]pipe:6');
    expect(args).toContain('[f=h264:flush_packets=1]pipe:5|[f=framecrc:flush_packets=1]pipe:7');
    expect(args).toContain('1500k');
    expect(args).toContain('400k');
    expect(args[args.indexOf('-i') + 1]).toBe('pipe:3');
  });

  it('crops the PTZ window without scaling when unzoomed, scales when zoomed', () => {
    expect(graphOf(buildEncoderArgs(base))).toContain('crop=1280:720:640:360[view]');
    const zoomed = graphOf(buildEncoderArgs({ ...base, view: { kind: 'static', window: { x: 100, y: 50, width: 640, height: 360 } } }));
    expect(zoomed).toContain('crop=640:360:100:50,scale=1280:720');
  });

  it('uses zoompan for continuous moves and overlays the object only with motion on', () => {
    const moving = graphOf(buildEncoderArgs({ ...base, view: { kind: 'moving', start: { pan: 0, tilt: 0, zoom: 0 }, velocity: { pan: 1, tilt: 0, zoom: 0 } } }));
    expect(moving).toContain('zoompan=');
    expect(moving).toContain('s=1280x720');
    expect(graphOf(buildEncoderArgs(base))).toContain('[scene][object]overlay');
    expect(graphOf(buildEncoderArgs({ ...base, motion: false }))).not.toContain('[object]');
  });

  it('gives equal keys to equal pictures only', () => {
    expect(encoderKey(base)).toBe(encoderKey({ ...base }));
    expect(encoderKey(base)).not.toBe(encoderKey({ ...base, motion: false }));
    expect(encoderKey(base)).not.toBe(encoderKey({ ...base, view: { kind: 'static', window: { x: 642, y: 360, width: 1280, height: 720 } } }));
  });
});
