/**
 * One stream's ingest: a supervised ffmpeg that pulls the camera's RTSP once
 * and feeds both the archive (segment files, indexed as they open and close)
 * and the stream's live hub (one camera connection serves recording and
 * every viewer).
 *
 * States (spec 4): idle → starting → running; an unexpected exit goes to
 * restarting and respawns after an exponential backoff (1 s doubling to
 * 30 s, reset after a healthy run); stop goes through stopping to idle.
 * A run that delivers no video for `stallMs` is killed and restarted, so a
 * camera that stops sending without closing the connection is noticed.
 * `restart` (system status "Restart") ends the running ffmpeg with SIGTERM,
 * so its segment closes cleanly, and respawns at once without backoff; it
 * counts as a restart in retryCount like any other.
 *
 * Sound: before each run the camera is asked for its SDP (one DESCRIBE,
 * rtsp-describe.ts); audio-plan.ts decides whether its first audio stream
 * is recorded beside the video and whether G.711 µ-law also goes to the
 * stream's live audio hub (`audioHub`, 20 ms frames). A camera that cannot
 * be asked is recorded as video only for that run. Video, the segment
 * tracker and the stall watch never depend on the sound. A camera that
 * cannot even be connected to gets no ffmpeg that run: the run fails at
 * once and backs off like any other (askForAudio says why).
 *
 * Cost: the ffmpeg child (stream copy, < 1 % of a core at 1080p) plus
 * Annex-B parsing of the stream in this process (a linear scan) and one
 * short line per picture giving its size; a DESCRIBE round trip before
 * each run; sound: 8 KB/s through one more pipe.
 *
 * Limits: the hub's timeMs is the arrival time in this process (what the
 * contract asks); archive times come from the clock anchor instead.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { StreamState } from '../../shared/api';
import { AnnexBParser } from '../../protocols/h264';
import { AudioHub } from '../../protocols/audio-source';
import { H264Hub } from '../../protocols/h264-source';
import { describeRtsp, RtspDescribeError } from '../../protocols/rtsp-describe';
import type { ArchiveIndex } from '../archive';
import { backoffDelayMs, HEALTHY_RUN_MS } from './backoff';
import { FFMPEG_PATH, spawnChild, terminate } from '../../processes';
import { ClockAnchor } from './clock-anchor';
import { audioPlanFromSdp, NO_AUDIO, type AudioPlan } from './audio-plan';
import { buildIngestArgs, escapeSegmentPath, LIVE_AUDIO_FD, PACKET_SIZES_FD, PROGRESS_FD, SEGMENT_LIST_FD } from './ffmpeg-args';
import { SizedAccessUnits } from '../../protocols/sized-access-units';
import { MulawFramer } from './mulaw-framer';
import { openedSegmentFile, parseSegmentListLine, progressOutTimeS } from './ffmpeg-output';
import { LineSplitter } from '../../protocols/line-splitter';
import { redactText } from '../../protocols/uri-redaction';
import type { CredentialRelay } from './rtsp-credential-relay';
import type { IngestSpec, IngestStatus } from '../core/media-contracts';
import type { MediaLog } from '../core/media-log';
import { SegmentTracker } from './segment-tracker';

export interface StreamIngestOptions {
  index: ArchiveIndex;
  log: MediaLog;
  /** Carries the camera's credentials, so they never appear in ffmpeg's command line. */
  relay: CredentialRelay;
  now?: () => number;
  stopGraceMs?: number;
  stallMs?: number;
  segmentSeconds?: number;
  /** Process id of each ffmpeg started (tests and diagnostics). */
  onSpawn?: (pid: number) => void;
  /**
   * Told when a run starts delivering video ('up'; `again` after any earlier run of this ingest) and
   * when a run that delivered ends unexpectedly ('down', with the last error). A stop, a spec change
   * or a restart asked for is not 'down'; a run that never delivered tells nothing (the backoff
   * already spaces those). System report stream-up and stream-down.
   */
  onRunChange?: (change: StreamRunChange) => void;
  /** Asks the camera for its SDP before a run (tests replace it); the RTSP DESCRIBE by default. */
  describe?: (uri: string, credentials: { username: string; password: string } | undefined) => Promise<string>;
}

export type StreamRunChange =
  | { streamId: string; cameraId: string; change: 'up'; record: boolean; again: boolean }
  | { streamId: string; cameraId: string; change: 'down'; reason: string | undefined };

export const STOP_GRACE_MS = 5_000;
export const STALL_MS = 20_000;
/** How long the DESCRIBE before a run may take; a camera that does not answer in time is recorded without sound. */
export const DESCRIBE_TIMEOUT_MS = 3_000;

/** askForAudio's answer when nothing answered at the camera's address (see there). */
const UNREACHABLE = Symbol('unreachable');

/** A sortable, unique-enough prefix for one run's files: 20250101T120000123Z. */
function runPrefix(nowMs: number): string {
  return new Date(nowMs).toISOString().replace(/[-:.]/g, '');
}

export class StreamIngest {
  readonly hub = new H264Hub();
  /** The camera's sound (G.711 µ-law) while a run delivers it; see `liveAudio`. */
  readonly audioHub = new AudioHub();
  /** Whether the current run hands sound to `audioHub`. */
  private runAudio: AudioPlan = NO_AUDIO;
  /** What the camera last described (its changes are logged). */
  private describedAudio: AudioPlan | undefined;
  /** Counts runs, so a DESCRIBE answered after a stop or a newer run starts nothing. */
  private runTicket = 0;
  private state: StreamState = 'idle';
  private wanted = false;
  /** A restart was asked for and the running ffmpeg is ending; it respawns at once. */
  private restartRequested = false;
  private restarts = 0;
  private backoffAttempt = 0;
  private child: ChildProcess | undefined;
  private runEnded: Promise<void> | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private stallTimer: NodeJS.Timeout | undefined;
  private runningSinceMs: number | undefined;
  /** Runs of this ingest that reached 'running' (up events say "again" after the first). */
  private runsUp = 0;
  private lastMediaMs = 0;
  private lastError: string | undefined;
  private readonly now: () => number;

  constructor(
    private spec: IngestSpec,
    private readonly options: StreamIngestOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get streamId(): string {
    return this.spec.streamId;
  }

  get running(): boolean {
    return this.state === 'running';
  }

  /** The live sound of the running stream, when its camera sends G.711 µ-law. */
  get liveAudio(): AudioHub | undefined {
    return this.state === 'running' && this.runAudio.liveMulaw ? this.audioHub : undefined;
  }

  status(): IngestStatus {
    return { streamState: this.state, retryCount: this.restarts, lastError: this.lastError, pid: this.child?.pid };
  }

  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.restarts = 0;
    this.backoffAttempt = 0;
    this.spawnRun('starting');
  }

  /**
   * Restarts the ffmpeg now: a running one is asked to end (SIGTERM, so it
   * closes its segment; SIGKILL after the grace time) and respawns as soon
   * as it has; one waiting out a backoff respawns at once. False when the
   * ingest is stopped. A restart already under way is not repeated.
   */
  restart(): boolean {
    if (!this.wanted) return false;
    if (this.restartRequested) return true;
    if (this.restartTimer) {
      clearTimeout(this.restartTimer);
      this.restartTimer = undefined;
      this.backoffAttempt = 0;
      this.options.log.info(`stream ${this.spec.streamId}: restart asked for; respawning its ffmpeg now`);
      this.spawnRun('restarting');
      return true;
    }
    const child = this.child;
    if (!child) return true;
    this.restartRequested = true;
    this.state = 'restarting';
    this.options.log.info(`stream ${this.spec.streamId}: restart asked for; stopping its ffmpeg`);
    void terminate(child, this.options.stopGraceMs ?? STOP_GRACE_MS);
    return true;
  }

  /** Stops ffmpeg (SIGTERM so it closes its segment, SIGKILL after the grace time) and waits for it. */
  async stop(): Promise<void> {
    this.wanted = false;
    this.runTicket++;
    this.restartRequested = false;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const child = this.child;
    if (child) {
      this.state = 'stopping';
      await terminate(child, this.options.stopGraceMs ?? STOP_GRACE_MS);
    }
    await this.runEnded;
    this.state = 'idle';
  }

  /** Applies a new spec; a running ingest restarts with it. */
  async update(spec: IngestSpec): Promise<void> {
    const same = JSON.stringify(spec) === JSON.stringify(this.spec);
    if (same) return;
    const wasWanted = this.wanted;
    await this.stop();
    this.spec = spec;
    if (wasWanted) this.start();
  }

  private setError(text: string): void {
    this.lastError = redactText(text).slice(0, 300);
  }

  private spawnRun(state: 'starting' | 'restarting'): void {
    this.state = state;
    this.runningSinceMs = undefined;
    this.lastMediaMs = this.now();
    const spec = this.spec;
    const ticket = ++this.runTicket;
    this.runEnded = this.askForAudio(spec).then((audio) => {
      // Stopped, or another run began, while the camera was asked.
      if (ticket !== this.runTicket || !this.wanted) return undefined;
      if (audio === UNREACHABLE) {
        this.afterRun('no ffmpeg started');
        return undefined;
      }
      return this.spawnChild(spec, audio);
    });
  }

  /**
   * What to do with the camera's sound this run (none when it cannot be asked: the run reports the real problem),
   * or UNREACHABLE when no connection could be made at all. Then no ffmpeg is started this run: it would fail the
   * same way, and a recorder with many dead cameras would otherwise spend a process start on each of them every
   * backoff period (measured: 100 dead cameras each retrying every 30 s cost a recorder 3 % of a core in spawns
   * alone; a TCP connection refused costs microseconds). The retry, its count and its backoff are as for a run
   * that failed, so the camera is back as soon as ffmpeg's own attempt would have brought it back.
   */
  private async askForAudio(spec: IngestSpec): Promise<AudioPlan | typeof UNREACHABLE> {
    const credentials = spec.username || spec.password ? { username: spec.username, password: spec.password } : undefined;
    const describe =
      this.options.describe ?? ((uri: string, c: typeof credentials) => describeRtsp(uri, { ...(c ? { credentials: c } : {}), timeoutMs: DESCRIBE_TIMEOUT_MS }));
    let plan = NO_AUDIO;
    try {
      plan = audioPlanFromSdp(await describe(spec.sourceUri, credentials));
    } catch (error) {
      if (error instanceof RtspDescribeError && error.unreachable) {
        this.setError(`The camera could not be reached: ${error.message}`);
        return UNREACHABLE;
      }
      // Refused or not RTSP as far as this client can tell: this run goes without sound; ffmpeg's own attempt says why.
    }
    if (plan.encoding !== this.describedAudio?.encoding) {
      const what = plan.encoding === undefined ? 'no sound' : `sound (${plan.encoding}); ${plan.record ? 'recording it' : 'not recordable, video only'}${plan.liveMulaw ? ', live too' : ''}`;
      this.options.log.info(`stream ${spec.streamId}: the camera describes ${what}`);
    }
    this.describedAudio = plan;
    return plan;
  }

  /** Starts one ffmpeg run; resolves when it has ended and its segments are closed. */
  private spawnChild(spec: IngestSpec, audio: AudioPlan): Promise<void> {
    const { index, log } = this.options;
    this.runAudio = audio;
    const folder = index.streamFolder(spec.streamId);
    let segmentPattern: string | undefined;
    if (spec.record) {
      fs.mkdirSync(folder, { recursive: true });
      segmentPattern = `${escapeSegmentPath(folder)}/${runPrefix(this.now())}_%05d.mkv`;
    }
    // A camera with credentials is pulled through the loopback relay; one without has nothing to hide.
    const lease =
      spec.username || spec.password
        ? this.options.relay.lease({ uri: spec.sourceUri, username: spec.username, password: spec.password })
        : undefined;
    const args = buildIngestArgs({
      inputUri: lease?.url ?? spec.sourceUri,
      segmentPattern,
      ...((spec.segmentSeconds ?? this.options.segmentSeconds) ? { segmentSeconds: spec.segmentSeconds ?? this.options.segmentSeconds } : {}),
      audio: { record: audio.record && segmentPattern !== undefined, liveMulaw: audio.liveMulaw },
    });
    // Extra pipes, fds 3 to 6: the segment list, the progress report, the live sound (unused without it) and the live packets' sizes.
    const { child } = spawnChild({ name: `ingest ${spec.streamId}`, command: FFMPEG_PATH, args, extraPipes: 4 });
    this.child = child;
    if (child.pid !== undefined) {
      lease?.bindPid(child.pid);
      this.options.onSpawn?.(child.pid);
    }
    this.hub.reset();

    // The archive index can refuse a write (a full disk: SQLITE_FULL). That ends this run, not the
    // recorder: the next run starts after the backoff, by when the cleaner may have made room.
    const indexed = (write: () => void): void => {
      try {
        write();
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        this.setError(`The archive index could not be written: ${text}`);
        log.warn(`stream ${spec.streamId}: the archive index could not be written (${text}); ending this ffmpeg run`);
        child.kill('SIGKILL');
      }
    };
    const anchor = new ClockAnchor();
    const tracker = new SegmentTracker({
      index,
      streamId: spec.streamId,
      cameraId: spec.cameraId,
      folder,
      anchor,
      now: this.now,
    });
    const parser = new AnnexBParser((au) => {
      const timeMs = this.now();
      this.lastMediaMs = timeMs;
      // A run that is being ended for a restart keeps showing 'restarting' until the next one delivers.
      if ((this.state === 'starting' || this.state === 'restarting') && !this.restartRequested) {
        this.state = 'running';
        this.runningSinceMs = timeMs;
        this.tell({ streamId: spec.streamId, cameraId: spec.cameraId, change: 'up', record: spec.record, again: this.runsUp > 0 });
        this.runsUp++;
      }
      this.hub.push({ ...au, timeMs });
    });
    // Each picture goes to the hub when its last byte is here (its size from PACKET_SIZES_FD), not when the next begins.
    const sized = new SizedAccessUnits(parser, (why) => log.warn(`stream ${spec.streamId}: live pictures wait for the next one (${why})`));
    child.stdout!.on('data', (chunk: Buffer) => sized.pushBytes(chunk));
    ((child.stdio as unknown as Readable[])[PACKET_SIZES_FD]!).on('data', (chunk: Buffer) => sized.pushSizeText(chunk));
    if (audio.liveMulaw) {
      const framer = new MulawFramer();
      // Node types stdio as a 5-tuple; the later entries exist because four extra pipes were requested.
      ((child.stdio as unknown as Readable[])[LIVE_AUDIO_FD]!).on('data', (chunk: Buffer) => {
        for (const frame of framer.push(chunk, this.now())) this.audioHub.push(frame);
      });
    }

    const recentErrors: string[] = [];
    const stderr = new LineSplitter((line) => {
      const opened = openedSegmentFile(line);
      if (opened !== undefined) {
        indexed(() => tracker.onOpened(opened));
        return;
      }
      if (/error|failed|invalid|unauthorized|refused|not found|timed out/i.test(line)) {
        recentErrors.push(line);
        if (recentErrors.length > 5) recentErrors.shift();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    const list = new LineSplitter((line) => {
      const entry = parseSegmentListLine(line);
      if (entry) indexed(() => tracker.onListed(entry));
    });
    (child.stdio[SEGMENT_LIST_FD] as Readable).on('data', (chunk: Buffer) => list.push(chunk));
    const progress = new LineSplitter((line) => {
      const outTimeS = progressOutTimeS(line);
      if (outTimeS === undefined) return;
      anchor.sample(outTimeS, this.now());
      indexed(() => tracker.onProgress(outTimeS));
    });
    (child.stdio[PROGRESS_FD] as Readable).on('data', (chunk: Buffer) => progress.push(chunk));

    this.stallTimer = setInterval(() => {
      const silentMs = this.now() - this.lastMediaMs;
      if (silentMs > (this.options.stallMs ?? STALL_MS) && this.child === child) {
        log.warn(`stream ${spec.streamId}: no video for ${Math.round(silentMs / 1000)} s; restarting its ffmpeg`);
        this.setError('No video from the camera.');
        child.kill('SIGKILL');
      }
    }, 2_000);
    this.stallTimer.unref();

    return new Promise<void>((resolve) => {
      let ended = false;
      const onEnd = (reason: string) => {
        if (ended) return;
        ended = true;
        this.runAudio = NO_AUDIO;
        lease?.release();
        if (this.stallTimer) clearInterval(this.stallTimer);
        this.stallTimer = undefined;
        stderr.flush();
        list.flush();
        progress.flush();
        parser.flush();
        void tracker
          .finish()
          .catch((error: unknown) => log.warn(`stream ${spec.streamId}: closing its segments failed: ${String(error)}`))
          .then(() => {
            if (this.child === child) this.child = undefined;
            if (recentErrors.length > 0) this.setError(recentErrors.at(-1)!);
            this.afterRun(`ffmpeg ended (${reason})`);
            resolve();
          });
      };
      child.on('error', (error) => {
        this.setError(`ffmpeg could not start: ${error.message}`);
        onEnd('spawn error');
      });
      child.on('close', (code, signal) => onEnd(signal ? `signal ${signal}` : `exit code ${code}`));
    });
  }

  /** A listener that fails does not disturb the ingest. */
  private tell(change: StreamRunChange): void {
    try {
      this.options.onRunChange?.(change);
    } catch (error) {
      this.options.log.warn(`stream ${change.streamId}: a run listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** After a run: `ended` says how it ended, for the log ('ffmpeg ended (exit code 1)'). */
  private afterRun(ended: string): void {
    if (!this.wanted) return;
    if (this.restartRequested) {
      this.restartRequested = false;
      this.backoffAttempt = 0;
      this.restarts++;
      this.options.log.info(`stream ${this.spec.streamId}: ${ended}, for the restart asked for; restart ${this.restarts} now`);
      this.spawnRun('restarting');
      return;
    }
    if (this.runningSinceMs !== undefined) {
      this.tell({ streamId: this.spec.streamId, cameraId: this.spec.cameraId, change: 'down', reason: this.lastError ?? ended });
    }
    const healthy = this.runningSinceMs !== undefined && this.now() - this.runningSinceMs >= HEALTHY_RUN_MS;
    if (healthy) this.backoffAttempt = 0;
    this.backoffAttempt++;
    this.restarts++;
    const delayMs = backoffDelayMs(this.backoffAttempt);
    this.options.log.warn(
      `stream ${this.spec.streamId}: ${ended}${this.lastError ? `: ${this.lastError}` : ''}; restart ${this.restarts} in ${delayMs} ms`,
    );
    this.state = 'restarting';
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.wanted) this.spawnRun('restarting');
    }, delayMs);
    this.restartTimer.unref();
  }
}
