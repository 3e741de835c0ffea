/**
 * A fleet of real recorder processes for the aggregator at scale: each
 * started as users start it (`npm start`, tests/integration/helpers/
 * recorder-process.ts) on its own temporary folder, with `camerasEach`
 * proxy-only cameras written into its database before it starts (the rows
 * registration writes, seed-recording.ts, as recorder-host-child.ts does).
 *
 * Media: every proxy-only stream still runs an ingest (one ffmpeg pulling
 * the camera for live), and 5,000 of them cannot run on two cores (nor
 * can one camera simulator serve them), so the streams point at an address
 * nobody answers: each ingest's connection is refused, no ffmpeg starts
 * (stream-ingest.ts askForAudio) and it retries every 30 s at the cost of
 * that refused connection, as a recorder's dead cameras do. `ffmpegPath`
 * (e.g. `false`) is what would run if one did start. `cpuTicks` tells what
 * the fleet itself costs the shared machine while the aggregator is
 * measured. The aggregator never touches the media; what it asks (sign-in,
 * version, about, cameras, disk, time, ping) is answered by the real
 * recorder code.
 *
 * Bounded: at most START_CONCURRENCY recorders start at once, none while
 * the shared machine is short of memory, each start
 * bounded by the helper (90 s); stop() ends every process group (SIGTERM,
 * SIGKILL after 10 s) and removes the folders, also for a fleet that failed
 * half way (started recorders are kept in `recorders` as they come).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRecorder, type RecorderProcess } from '../../tests/integration/helpers/recorder-process';
import { treeTicks } from './proc-cpu';
import { seedCamera } from '../../tests/integration/helpers/seed-recording';

const START_CONCURRENCY = 4;
/** No recorder starts while the machine has less memory available than this (each takes about 250 MB with npm and tsx). */
const MIN_AVAILABLE_BYTES = 3 * 1024 ** 3;

export interface FleetOptions {
  count: number;
  camerasEach: number;
  adminPassword: string;
  /** The ffmpeg the recorders run (ARGUS_FFMPEG); see the top comment. */
  ffmpegPath: string;
}

export class RecorderFleet {
  readonly recorders: RecorderProcess[] = [];
  private readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-fleet-'));
  /** Starts under way, which stop() waits for (each bounded by the helper). */
  private readonly starting = new Set<Promise<RecorderProcess>>();
  private halted = false;

  constructor(private readonly options: FleetOptions) {}

  /** Starts every recorder (START_CONCURRENCY at a time); throws on the first that fails, leaving the started ones to stop(). */
  async start(onStarted?: (done: number) => void): Promise<void> {
    const indexes = Array.from({ length: this.options.count }, (_, i) => i);
    const worker = async () => {
      // Once one start failed or stop() began, no new start: stop() must not miss a recorder started behind its back.
      for (let index = indexes.shift(); index !== undefined && !this.halted; index = indexes.shift()) {
        if (os.freemem() < MIN_AVAILABLE_BYTES) throw new Error(`only ${Math.round(os.freemem() / 1024 ** 2)} MB of memory available: recorder ${index + 1} not started`);
        const dataDir = this.seed(index);
        // Once more on failure: on a loaded machine a start-up step may run past its own time-out.
        const recorder = await this.tracked(this.startOne(dataDir).catch(() => this.startOne(dataDir)));
        this.recorders[index] = recorder;
        onStarted?.(this.recorders.filter(Boolean).length);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(START_CONCURRENCY, indexes.length) }, worker));
    } catch (error) {
      this.halted = true;
      throw error;
    }
  }

  /** Kills recorder `index` at once (SIGKILL to its process group), as a crash or a pulled cable would. */
  async kill(index: number): Promise<void> {
    const recorder = this.recorders[index]!;
    recorder.signalGroup('SIGKILL');
    await recorder.exited;
  }

  /** Starts recorder `index` again on its folder and its ports, so the aggregator finds it at the same address. */
  async restart(index: number): Promise<RecorderProcess> {
    const old = this.recorders[index]!;
    const recorder = await this.tracked(this.startOne(old.dataDir, { http: old.httpPort, rtsp: old.rtspPort }));
    this.recorders[index] = recorder;
    return recorder;
  }

  /** CPU the fleet's processes (each recorder's whole tree, ended children included) have used so far, clock ticks. */
  cpuTicks(): number {
    return treeTicks(this.recorders.filter(Boolean).map((recorder) => recorder.pid));
  }

  async stop(): Promise<void> {
    this.halted = true;
    await Promise.allSettled([...this.starting]);
    await Promise.allSettled(this.recorders.filter(Boolean).map((recorder) => recorder.stop()));
    fs.rmSync(this.root, { recursive: true, force: true });
  }

  private tracked(start: Promise<RecorderProcess>): Promise<RecorderProcess> {
    this.starting.add(start);
    // A start that ends after stop() began is stopped at once (stop() waits for it first, so this is only for a late restart).
    void start.then(
      (recorder) => {
        this.starting.delete(start);
        if (this.halted && !this.recorders.includes(recorder)) void recorder.stop();
      },
      () => this.starting.delete(start),
    );
    return start;
  }

  private seed(index: number): string {
    const dataDir = path.join(this.root, String(index + 1));
    fs.mkdirSync(dataDir);
    for (let c = 0; c < this.options.camerasEach; c++) {
      seedCamera({
        dataDir,
        cameraName: `Recorder ${index + 1} camera ${c + 1}`,
        rtspUrl: 'rtsp://127.0.0.1:1/none',
        onvifUrl: 'http://127.0.0.1:1/onvif/device_service',
        username: '',
        password: '',
      });
    }
    return dataDir;
  }

  private startOne(dataDir: string, ports?: { http: number; rtsp: number }): Promise<RecorderProcess> {
    return startRecorder({
      dataDir,
      adminPassword: this.options.adminPassword,
      extraArgs: ['--log-level', 'error'],
      env: { ARGUS_FFMPEG: this.options.ffmpegPath },
      ...(ports ? { ports } : {}),
    });
  }
}
