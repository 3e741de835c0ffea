/**
 * One supervised ffmpeg encoder of the simulated world: renders a view
 * (crop window or continuous move, object on/off), stamps every frame with
 * the time strip from the FrameClock and publishes the main and sub H.264
 * streams in two H264Hubs. Several cameras can read the same encoder.
 *
 * Each access unit gets the time of the strip frame it was made from: the
 * strips written are queued per output and the n-th access unit takes the
 * n-th time (one frame in, one frame out: no B-frames, passthrough timing).
 * An output with a lower frame rate than the clock keeps the strips its
 * select filter keeps (keepsFrame), and only their times are queued for it.
 *
 * States: starting (spawned, no frame yet), running, restarting (the child
 * died; respawned after 0.5, 1, 2 ... 10 s), stopped. Cost: see
 * encoder-args.ts; plus a 64 KB pipe write per frame.
 *
 * Limits: when ffmpeg cannot keep up, ticks are skipped (not queued), so the
 * stream drops frames rather than lagging behind the clock.
 */
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { AnnexBParser } from '../protocols/h264';
import { SizedAccessUnits } from '../protocols/sized-access-units';
import { H264Hub } from '../protocols/h264-source';
import { FFMPEG_PATH, spawnChild, terminate } from '../processes';
import { buildEncoderArgs, ENCODER_FD, keepsFrame, MAX_IN_FLIGHT_FRAMES, outputFps, type EncoderSpec } from './encoder-args';
import type { FrameClock, FrameTick } from './frame-clock';
import type { YuvImage } from './scene';

export type EncoderState = 'starting' | 'running' | 'restarting' | 'stopped';

export class SceneEncoder {
  readonly main = new H264Hub();
  readonly sub = new H264Hub();
  state: EncoderState = 'starting';
  /** Time of the first access unit of the current child (start of a continuous move). */
  firstFrameMs: number | undefined;
  private child: ChildProcess | undefined;
  private stripIn: Writable | undefined;
  private unsubscribeClock: (() => void) | undefined;
  private mainTimes: number[] = [];
  private subTimes: number[] = [];
  private restartDelayMs = 500;
  private restartTimer: NodeJS.Timeout | undefined;
  private stderrTail: () => string = () => '';

  constructor(
    readonly spec: EncoderSpec,
    private readonly clock: FrameClock,
    private readonly scene: YuvImage,
  ) {}

  start(): void {
    if (this.state === 'stopped') return;
    // fd 3 to 7 are the scene and strip inputs, the sub output and both outputs' packet sizes (ENCODER_FD).
    const { child, stderrTail } = spawnChild({ name: 'camera-sim encoder', command: FFMPEG_PATH, args: buildEncoderArgs(this.spec), extraPipes: 5 });
    this.child = child;
    this.stderrTail = stderrTail;
    this.mainTimes = [];
    this.subTimes = [];
    this.firstFrameMs = undefined;

    // Node types stdio as a 5-tuple; the later entries exist because eight were requested.
    const stdio = child.stdio as unknown as Array<Readable | Writable>;
    const sceneIn = stdio[ENCODER_FD.sceneIn] as Writable;
    const stripIn = stdio[ENCODER_FD.stripIn] as Writable;
    this.stripIn = stripIn;
    const mainOut = stdio[ENCODER_FD.mainOut] as Readable;
    const subOut = stdio[ENCODER_FD.subOut] as Readable;
    const mainSizes = stdio[ENCODER_FD.mainSizes] as Readable;
    const subSizes = stdio[ENCODER_FD.subSizes] as Readable;
    // EPIPE after the child died is expected; 'exit' handles the restart.
    for (const stream of [sceneIn, stripIn, mainOut, subOut, mainSizes, subSizes]) stream.on('error', () => undefined);
    sceneIn.end(this.scene.data);

    const mainParser = new AnnexBParser((au) => {
      const timeMs = this.mainTimes.shift() ?? Date.now();
      if (this.firstFrameMs === undefined) this.firstFrameMs = timeMs;
      this.state = 'running';
      this.restartDelayMs = 500;
      this.main.push({ ...au, timeMs });
    });
    const subParser = new AnnexBParser((au) => this.sub.push({ ...au, timeMs: this.subTimes.shift() ?? Date.now() }));
    // Each picture is out when its last byte is (its size from the framecrc pipe), as a camera sends it.
    const fallback = (which: string) => (why: string) => console.error(`camera-sim encoder: ${which} pictures wait for the next one (${why})`);
    const mainSized = new SizedAccessUnits(mainParser, fallback('main'));
    const subSized = new SizedAccessUnits(subParser, fallback('sub'));
    mainOut.on('data', (chunk: Buffer) => mainSized.pushBytes(chunk));
    subOut.on('data', (chunk: Buffer) => subSized.pushBytes(chunk));
    mainSizes.on('data', (chunk: Buffer) => mainSized.pushSizeText(chunk));
    subSizes.on('data', (chunk: Buffer) => subSized.pushSizeText(chunk));

    // Strips only once ffmpeg has swallowed the scene (it is initialising then): frames queued while it
    // starts would come out late and old.
    const frameBytes = this.spec.strip.width * this.spec.strip.height;
    const mainFps = outputFps(this.spec.main, this.spec);
    const subFps = outputFps(this.spec.sub, this.spec);
    let written = 0;
    sceneIn.once('finish', () => {
      if (this.child !== child || this.state === 'stopped') return;
      this.unsubscribeClock = this.clock.subscribe((tick: FrameTick) => {
        const inFlight = Math.max(this.mainTimes.length, this.subTimes.length);
        if (stripIn.destroyed || inFlight >= MAX_IN_FLIGHT_FRAMES || stripIn.writableLength > frameBytes) return;
        if (keepsFrame(written, mainFps, this.spec.fps)) this.mainTimes.push(tick.timeMs);
        if (keepsFrame(written, subFps, this.spec.fps)) this.subTimes.push(tick.timeMs);
        written++;
        stripIn.write(tick.strip);
      });
    });

    child.once('exit', (code, signal) => {
      this.unsubscribeClock?.();
      this.unsubscribeClock = undefined;
      if (this.child !== child || this.state === 'stopped') return;
      console.error(`camera-sim encoder exited (${code ?? signal}); restarting in ${this.restartDelayMs} ms. ${this.stderrTail().trim().split('\n').slice(-3).join(' | ')}`);
      this.state = 'restarting';
      this.restartTimer = setTimeout(() => this.start(), this.restartDelayMs);
      this.restartDelayMs = Math.min(this.restartDelayMs * 2, 10_000);
    });
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.unsubscribeClock?.();
    this.unsubscribeClock = undefined;
    const child = this.child;
    this.child = undefined;
    // EOF on the strip input ends ffmpeg cleanly (overlay eof_action=endall); without it, its input
    // thread stays blocked in read() and only SIGKILL ends it.
    this.stripIn?.destroy();
    if (child) await terminate(child);
  }

  /** The ffmpeg child's pid (for CPU measurements), if running. */
  get pid(): number | undefined {
    return this.child?.pid;
  }
}
