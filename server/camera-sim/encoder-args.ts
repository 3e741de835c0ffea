/**
 * ffmpeg arguments for one simulated-camera encoder: the scene (a single raw
 * frame, looped in the filter graph) with an optional moving object, cropped
 * to the PTZ window (or panned/zoomed continuously with zoompan), the time
 * strip from Node overlaid at the top-left, then split into the main and sub
 * streams, each H.264 Annex-B on its own pipe. Pure.
 *
 * Pacing: the time strip arrives on a pipe, one frame per 40 ms from Node's
 * frame clock; the overlay waits for it, so ffmpeg emits exactly one frame per
 * strip frame and the n-th access unit carries the n-th strip's time.
 * Timestamps inside the graph are frame counters (settb=1/FPS,setpts=N): a
 * floating N/FPS/TB rounds some frames onto the previous timestamp, and the
 * muxer then drops them.
 *
 * Cost (measured on the 2-core AMD EPYC test machine, x264 ultrafast,
 * zerolatency, 1 thread, while other work loaded it): 1280x720 + 640x360
 * 14-25 % of one core; 1920x1080 + 640x360 29-33 %, about 1.5 times more.
 * Hence a 1280x720 main stream: every camera that leaves the shared view
 * needs its own encoder beside the recorder, and the recorder's motion
 * decoding also pays per pixel.
 */
import { MAX_MAGNIFICATION, PAN_TILT_UNITS_PER_S, ZOOM_UNITS_PER_S, type CropWindow, type PtzVector } from './ptz-model';
import { SCENE_ROAD_HEIGHT_FRACTION, SCENE_ROAD_TOP_FRACTION } from './scene';

export interface StreamProfile {
  width: number;
  height: number;
  bitrateKbps: number;
  /** Frames per second of this output (ONVIF FrameRateLimit); the encoder's `fps` when absent. */
  fps?: number;
  /** Frames between keyframes (ONVIF GovLength); the encoder's `gopFrames` when absent. */
  gopFrames?: number;
}

export type ViewSpec =
  | { kind: 'static'; window: CropWindow }
  | { kind: 'moving'; start: PtzVector; velocity: PtzVector };

export interface EncoderSpec {
  scene: { width: number; height: number };
  view: ViewSpec;
  motion: boolean;
  /** The picture as rendered before each output scales it; `main`'s size when absent. */
  canvas?: { width: number; height: number };
  main: StreamProfile;
  sub: StreamProfile;
  /** The rate strips arrive at (the frame clock's); an output with a lower `fps` keeps some of them. */
  fps: number;
  gopFrames: number;
  /** Gray strip size (from timeStripSize for the main stream). */
  strip: { width: number; height: number };
  /**
   * Where in its period the moving object starts, in seconds: set from the wall clock when the
   * encoder is spawned, so encoders started at different times show it at about the same place.
   */
  motionPhaseS?: number;
}

/**
 * File descriptors of the encoder child, as ffmpeg sees them: each output's H.264 and, beside it,
 * the size of each of its packets (`framecrc`), so the simulator hands on a picture the moment its
 * last byte is out, as a camera does, not when the next begins (protocols/sized-access-units.ts).
 */
export const ENCODER_FD = { mainOut: 1, sceneIn: 3, stripIn: 4, subOut: 5, mainSizes: 6, subSizes: 7 } as const;

/** The moving object's period: it crosses the unmoved view once every this many seconds. */
export const MOTION_PERIOD_S = 5;

/**
 * Frames written to an encoder but not yet out as access units before ticks are skipped. Steady
 * state is 1-2 (the overlay waits for the next strip). While
 * ffmpeg starts, this keeps stale frames from piling up: frames from this index on are fresh.
 */
export const MAX_IN_FLIGHT_FRAMES = 8;
/** Keyframes forced on the first fresh frames (see x264Args). */
const EXTRA_KEYFRAMES = 3;

const num = (value: number): string => String(Math.round(value * 1e6) / 1e6);

const profileKey = (p: StreamProfile, spec: EncoderSpec): string =>
  `${p.width}x${p.height}@${outputFps(p, spec)}/${p.gopFrames ?? spec.gopFrames}/${p.bitrateKbps}`;

/** Identical keys mean identical pictures and encoder settings, so cameras can share one encoder (the object's phase aside). */
export function encoderKey(spec: EncoderSpec): string {
  const view = spec.view.kind === 'static' ? `${spec.view.window.x},${spec.view.window.y},${spec.view.window.width},${spec.view.window.height}` : 'moving';
  return `${view}|motion=${spec.motion}|main=${profileKey(spec.main, spec)}|sub=${profileKey(spec.sub, spec)}`;
}

/** An output's frame rate, within 1..the input rate. */
export function outputFps(profile: StreamProfile, spec: Pick<EncoderSpec, 'fps'>): number {
  return Math.max(1, Math.min(spec.fps, Math.round(profile.fps ?? spec.fps)));
}

/**
 * Whether input frame `n` (0-based, one per strip) goes into an output of `outFps` from an input of
 * `inFps`: the first frame of each 1/outFps slot. The encoder's select filter evaluates the same
 * integer expression, so the scene encoder knows which strip times each output's access units carry.
 */
export function keepsFrame(n: number, outFps: number, inFps: number): boolean {
  if (outFps >= inFps) return true;
  return Math.floor((n * outFps) / inFps) !== Math.floor(((n - 1) * outFps) / inFps);
}

/** Frame dropping (lower rate) and scaling of one output from the canvas. */
function outputFilter(profile: StreamProfile, spec: EncoderSpec, canvas: { width: number; height: number }, flags: string): string {
  const filters: string[] = [];
  const fps = outputFps(profile, spec);
  if (fps < spec.fps) {
    // Keep the frames keepsFrame keeps and renumber them at the new rate. No fps filter: it holds each
    // frame until the next arrives, and a frame that late loses the feed switch (feed-relay.ts);
    // the encoder's -r gives the stream its rate instead.
    filters.push(`select='not(eq(floor(n*${fps}/${spec.fps}),floor((n-1)*${fps}/${spec.fps})))'`, `settb=1/${fps}`, 'setpts=N');
  }
  if (profile.width !== canvas.width || profile.height !== canvas.height) filters.push(`scale=${profile.width}:${profile.height}:flags=${flags}`);
  return filters.length > 0 ? filters.join(',') : 'null';
}

function canvasOf(spec: EncoderSpec): { width: number; height: number } {
  return spec.canvas ?? { width: spec.main.width, height: spec.main.height };
}

function movingObjectFilter(spec: EncoderSpec): string {
  const { scene, fps } = spec;
  const main = canvasOf(spec);
  const size = Math.round(main.height * 0.1) & ~1;
  // Drives along the road, across the part of the scene the unmoved camera sees.
  const startX = scene.width / 2 - main.width / 2 - size;
  const span = main.width + size;
  const y = Math.round(scene.height * (SCENE_ROAD_TOP_FRACTION + SCENE_ROAD_HEIGHT_FRACTION / 2) - size / 2);
  return (
    `color=c=white:s=${size}x${size}:r=${fps}[object];` +
    `[scene][object]overlay=x='${num(startX)}+mod((t+${num(spec.motionPhaseS ?? 0)})*${num(span / MOTION_PERIOD_S)},${num(span)})':y=${y}:eval=frame[world]`
  );
}

function viewFilter(spec: EncoderSpec): string {
  const { view, scene, fps } = spec;
  const main = canvasOf(spec);
  if (view.kind === 'static') {
    const { x, y, width, height } = view.window;
    const crop = `crop=${width}:${height}:${x}:${y}`;
    return width === main.width && height === main.height ? crop : `${crop},scale=${main.width}:${main.height}:flags=bicubic`;
  }
  // zoompan evaluates per output frame `on`; its zoom is relative to the whole scene.
  const t = `(on/${fps})`;
  const zoomUnits = `clip(${num(view.start.zoom)}+${num(view.velocity.zoom * ZOOM_UNITS_PER_S)}*${t},0,1)`;
  const sceneToView = scene.width / main.width;
  const z = `${num(sceneToView)}*(1+${MAX_MAGNIFICATION - 1}*${zoomUnits})`;
  const pan = `clip(${num(view.start.pan)}+${num(view.velocity.pan * PAN_TILT_UNITS_PER_S)}*${t},-1,1)`;
  const tilt = `clip(${num(view.start.tilt)}+${num(view.velocity.tilt * PAN_TILT_UNITS_PER_S)}*${t},-1,1)`;
  const x = `iw/2+${pan}*(iw-iw/zoom)/2-iw/zoom/2`;
  const y = `ih/2-${tilt}*(ih-ih/zoom)/2-ih/zoom/2`;
  return `zoompan=z='${z}':x='${x}':y='${y}':d=1:s=${main.width}x${main.height}:fps=${fps}`;
}

function x264Args(profile: StreamProfile, spec: EncoderSpec): string[] {
  const kbps = profile.bitrateKbps;
  const gop = Math.max(1, Math.round(profile.gopFrames ?? spec.gopFrames));
  return [
    '-c:v', 'libx264',
    '-preset', 'ultrafast',
    '-tune', 'zerolatency',
    // One slice per picture and no thread hand-off: cheapest on a 2-core machine shared with a recorder.
    '-threads', '1',
    '-bf', '0',
    '-g', String(gop),
    '-keyint_min', String(gop),
    '-sc_threshold', '0',
    // Extra keyframes on the first frames written after start-up (see MAX_IN_FLIGHT_FRAMES): a camera
    // switching to this encoder (PTZ move) takes the first keyframe newer than what it already sent,
    // instead of waiting a whole GOP. Only a few, as each costs picture quality under the VBV.
    '-force_key_frames',
    `expr:eq(mod(n,${gop}),0)+gte(n,${MAX_IN_FLIGHT_FRAMES})*lt(n,${MAX_IN_FLIGHT_FRAMES + EXTRA_KEYFRAMES})`,
    '-b:v', `${kbps}k`,
    '-maxrate', `${kbps}k`,
    '-bufsize', `${Math.round(kbps / 2)}k`,
    '-pix_fmt', 'yuv420p',
    '-fps_mode', 'passthrough',
    // With passthrough, -r only sets the stream's rate (SPS timing), one frame out per frame in.
    ...(outputFps(profile, spec) < spec.fps ? ['-r', String(outputFps(profile, spec))] : []),
  ];
}

/** One encoded output written twice by the tee muxer: the stream on `streamFd`, its packet sizes on `sizesFd`. */
function sizedOutput(streamFd: number, sizesFd: number): string[] {
  return ['-f', 'tee', `[f=h264:flush_packets=1]pipe:${streamFd}|[f=framecrc:flush_packets=1]pipe:${sizesFd}`];
}

export function buildEncoderArgs(spec: EncoderSpec): string[] {
  const { scene, fps, strip } = spec;
  const canvas = canvasOf(spec);
  const mainFilter = outputFilter(spec.main, spec, canvas, 'bicubic');
  const world = spec.motion ? movingObjectFilter(spec) : '[scene]null[world]';
  const graph = [
    `[0:v]loop=loop=-1:size=1:start=0,settb=1/${fps},setpts=N[scene]`,
    world,
    `[world]${viewFilter(spec)}[view]`,
    `[view][1:v]overlay=x=0:y=0:eof_action=endall,split=2${mainFilter === 'null' ? '[main]' : '[mainin]'}[subin]`,
    ...(mainFilter === 'null' ? [] : [`[mainin]${mainFilter}[main]`]),
    `[subin]${outputFilter(spec.sub, spec, canvas, 'bilinear')}[sub]`,
  ].join(';');
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel', 'error',
    '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${scene.width}x${scene.height}`, '-framerate', String(fps),
    '-i', `pipe:${ENCODER_FD.sceneIn}`,
    '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${strip.width}x${strip.height}`, '-framerate', String(fps),
    '-i', `pipe:${ENCODER_FD.stripIn}`,
    '-filter_complex', graph,
    '-map', '[main]', ...x264Args(spec.main, spec), ...sizedOutput(ENCODER_FD.mainOut, ENCODER_FD.mainSizes),
    '-map', '[sub]', ...x264Args(spec.sub, spec), ...sizedOutput(ENCODER_FD.subOut, ENCODER_FD.subSizes),
  ];
}
