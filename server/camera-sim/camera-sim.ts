/**
 * Programmatic entry of the camera simulator: starts `count` simulated ONVIF
 * PTZ cameras on one host (ports in ports.ts), sharing one world scene, one
 * capture clock and a pool of encoders, and returns handles for tests:
 * fault injection (dropSessions), the moving object per camera (setMotion),
 * and stop, which ends every ffmpeg child before resolving.
 *
 * Streams: main 1280x720 and sub 640x360, H.264 (Constrained Baseline, no
 * B-frames), 25 fps, keyframe every second; sound (unless `audio: false`)
 * as G.711 µ-law 8 kHz mono in 20 ms packets, a beep at every whole second
 * made in this process (audio-clock.ts), no extra ffmpeg. 1280x720 rather than 1080p: a
 * 1080p encoder costs about 1.5 times as much CPU (see encoder-args.ts), and
 * on the 2-core machine cameras that leave the shared view each need their
 * own encoder beside the recorder.
 */
import { AudioClock } from './audio-clock';
import { EncoderPool } from './encoder-pool';
import { FrameClock } from './frame-clock';
import { buildScene } from './scene';
import { SceneEncoder } from './scene-encoder';
import { SimCameraDevice, type SharedWorld, type SimCamera } from './sim-camera';
import { timeStripSize } from '../shared/time-strip';

export type { SimCamera } from './sim-camera';

export interface CameraSimOptions {
  count: number;
  basePort: number;
  host?: string;
  username?: string;
  password?: string;
  maxPresets?: number;
  /** Moving object on at start (all cameras). */
  motion?: boolean;
  /** Sound on the RTSP streams (all cameras); default true. Off: video only, as some cameras are. */
  audio?: boolean;
}

export interface CameraSim {
  cameras: SimCamera[];
  /** Every camera drops its RTSP sessions and refuses new ones (503) for ms. */
  dropSessions(ms: number): void;
  /** Moving object on or off, for one camera or all. Resolves when the picture changed. */
  setMotion(on: boolean, cameraIndex?: number): Promise<void>;
  /** Pids of the running ffmpeg encoders (for CPU measurements). */
  encoderPids(): number[];
  stop(): Promise<void>;
}

const MAIN = { width: 1280, height: 720, bitrateKbps: 1500 };
const SUB = { width: 640, height: 360, bitrateKbps: 400 };
const FPS = 25;

export async function startCameraSim(opts: CameraSimOptions): Promise<CameraSim> {
  const {
    count,
    basePort,
    host = '127.0.0.1',
    username = 'admin',
    password = 'camera-pass',
    maxPresets = 10,
    motion = true,
    audio = true,
  } = opts;
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  const scene = buildScene(MAIN.width * 2, MAIN.height * 2);
  const clock = new FrameClock(FPS, MAIN.width, MAIN.height);
  const strip = timeStripSize(MAIN.width, MAIN.height);
  const pool = new EncoderPool((spec) => new SceneEncoder(spec, clock, scene));
  const world: SharedWorld = {
    pool,
    scene: { width: scene.width, height: scene.height },
    main: MAIN,
    sub: SUB,
    fps: FPS,
    gopFrames: FPS,
    strip: { width: strip.width, height: strip.height },
    audio: new AudioClock(),
  };
  const devices = Array.from(
    { length: count },
    (_, index) => new SimCameraDevice({ index, host, basePort, username, password, maxPresets, motion, audio, firmwareVersion: '2.12.0-sim' }, world),
  );
  try {
    await Promise.all(devices.map((device) => device.start()));
  } catch (err) {
    await Promise.allSettled(devices.map((device) => device.stop()));
    await pool.stopAll();
    throw err;
  }

  let stopped: Promise<void> | undefined;
  return {
    cameras: devices.map((device) => device.publicInfo),
    dropSessions: (ms) => devices.forEach((device) => device.dropSessions(ms)),
    setMotion: async (on, cameraIndex) => {
      const targets = cameraIndex === undefined ? devices : [devices[cameraIndex]];
      if (targets.some((device) => !device)) throw new RangeError(`no camera ${cameraIndex}`);
      await Promise.all(targets.map((device) => device!.setMotion(on)));
    },
    encoderPids: () => pool.encoders().flatMap((encoder) => (encoder.pid === undefined ? [] : [encoder.pid])),
    stop: () => {
      stopped ??= (async () => {
        await Promise.allSettled(devices.map((device) => device.stop()));
        await pool.stopAll();
      })();
      return stopped;
    },
  };
}
