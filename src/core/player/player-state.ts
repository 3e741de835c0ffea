/**
 * One player's state machine (spec 4 "Player", spec 9 timings), pure: the
 * media layer (WebRTC or low-bandwidth source) is a driver it commands, and
 * time comes from injected timers, so every path is unit-tested.
 *
 * - Source states idle, connecting, paused, playing; overlays none,
 *   connecting, error, no_video, delay.
 * - Requests: one is active, one may wait. A request made while another is
 *   connecting waits; a newer one replaces the waiting one, which fails with
 *   playRequestCancelled. When the active one connects while another waits,
 *   it fails with playRequestUpdatedError (it is stale) and the waiting one
 *   starts. pause and stop cancel both.
 * - A request not playing within 10 s (120 s for a low-bandwidth source)
 *   fails with the recoverable timedOutWaitingForStreamToPlay.
 * - Recoverable errors: the archive at the requested time is checked; a
 *   playable one (or live) restarts after 5 s; a later one shows a countdown
 *   (ticks of 100 ms) and, under 1500 ms left, plays from its start minus
 *   1500 ms times speed; none shows no_video and checks again every 1 s.
 *   All in the direction of play (archive-availability.ts): backwards the
 *   next archive is the one before, counted down to its end.
 * - Non-recoverable errors toggle the player type (webrtc <-> lowbandwidth)
 *   once and restart; a second one in a row, or no other type, stays in error.
 * - 'not_available' failures (no permission or stream) stay in error, ban icon.
 * - Negative speed plays in 'rip' mode through low bandwidth (images).
 *
 * Cost: a handful of timers per player; no work per frame. Limits: the driver
 * reports back with the token it was given; reports with an older token are
 * ignored, which is how late answers of replaced requests are dropped.
 */
import { COUNTDOWN_RESUME_MS, countdownMs, resumeTimeMs } from './archive-availability';
import {
  PLAYER_ERROR,
  PlayerError,
  cancelledError,
  offersLowBandwidth,
  updatedError,
  type PlayerErrorInfo,
  type PlayerFailure,
  type PlayerType,
} from './player-errors';
import type { Timers } from '../../../workers/core/browser-timers';

export type SourceState = 'idle' | 'connecting' | 'paused' | 'playing';
export type PlayerOverlay = 'none' | 'connecting' | 'error' | 'no_video' | 'delay';

export const PLAY_TIMEOUT_MS = 10_000;
export const LOW_BANDWIDTH_PLAY_TIMEOUT_MS = 120_000;
export const ERROR_RESTART_MS = 5_000;
export const NO_VIDEO_POLL_MS = 1_000;
export const COUNTDOWN_TICK_MS = 100;

/** timeMs 0 means live; otherwise an epoch ms of the archive. */
export interface PlayRequest {
  timeMs: number;
  speed: number;
}

/** 'later': the next archive in the direction of play; startMs is its near edge (its end when playing backwards). */
export type ArchiveAvailability = { kind: 'playable' } | { kind: 'later'; startMs: number } | { kind: 'none' };

export interface PlayerDriver {
  /** Starts `request` as `type`; answer with `sourcePlaying(token)` or `sourceFailed(token, failure)`. */
  start(token: number, request: PlayRequest, type: PlayerType): void;
  stop(): void;
}

export interface PlayerStateOptions {
  driver: PlayerDriver;
  timers: Timers;
  /** The selected player type; must be one of `availableTypes`. */
  type: PlayerType;
  availableTypes: readonly PlayerType[];
  /** What the recorder holds at a time; live requests never ask. Without it, errors restart after 5 s. */
  probeArchive?: (timeMs: number, speed: number) => Promise<ArchiveAvailability>;
  /**
   * Where playback should be now (the tile's timeline keeps running while
   * the player is in error): restarts and archive checks use it, so a tile
   * playing the past resumes at the timeline's time, not where it failed.
   * Without it they use the last request.
   */
  currentRequest?: () => PlayRequest;
}

export interface PlayerSnapshot {
  source: SourceState;
  overlay: PlayerOverlay;
  /** The selected type; `activeType` differs while ripping (negative speed). */
  type: PlayerType;
  activeType: PlayerType;
  mode: 'play' | 'rip';
  request: PlayRequest | null;
  error: PlayerErrorInfo | null;
  /** Ms left before the next archive while overlay is 'delay'. */
  countdownMs: number | null;
  offerLowBandwidth: boolean;
}

interface Entry {
  token: number;
  request: PlayRequest;
  resolve?: () => void;
  reject?: (error: PlayerError) => void;
}

export class PlayerStateMachine {
  private readonly driver: PlayerDriver;
  private readonly timers: Timers;
  private readonly availableTypes: readonly PlayerType[];
  private readonly probeArchive: PlayerStateOptions['probeArchive'];
  private readonly currentRequest: PlayerStateOptions['currentRequest'];
  private type: PlayerType;
  private source: SourceState = 'idle';
  private overlay: PlayerOverlay = 'none';
  private active: Entry | null = null;
  private waiting: Entry | null = null;
  private lastRequest: PlayRequest | null = null;
  private error: PlayerErrorInfo | null = null;
  private retryAttempts = 0;
  private toggledForFailure = false;
  private countdownMs: number | null = null;
  private nextToken = 1;
  /** Bumped whenever pending timers and probes stop mattering. */
  private generation = 0;
  private timer: unknown = undefined;
  private readonly listeners = new Set<(snapshot: PlayerSnapshot) => void>();

  constructor(options: PlayerStateOptions) {
    this.driver = options.driver;
    this.timers = options.timers;
    this.availableTypes = options.availableTypes;
    this.probeArchive = options.probeArchive;
    this.currentRequest = options.currentRequest;
    if (!options.availableTypes.includes(options.type)) throw new Error('Unsupported player mode');
    this.type = options.type;
  }

  get snapshot(): PlayerSnapshot {
    const activeType = this.typeFor(this.lastRequest);
    return {
      source: this.source,
      overlay: this.overlay,
      type: this.type,
      activeType,
      mode: this.lastRequest && this.lastRequest.speed < 0 ? 'rip' : 'play',
      request: this.lastRequest && { ...this.lastRequest },
      error: this.error && { ...this.error },
      countdownMs: this.countdownMs,
      offerLowBandwidth: this.error !== null && offersLowBandwidth(this.retryAttempts, activeType),
    };
  }

  subscribe(listener: (snapshot: PlayerSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Plays `request`; settles when it plays, or fails with a PlayerError. */
  play(request: PlayRequest): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: Entry = { token: this.nextToken++, request: { ...request }, resolve, reject };
      this.toggledForFailure = false;
      if (this.active && this.source === 'connecting') {
        this.waiting?.reject?.(cancelledError());
        this.waiting = entry;
        return;
      }
      this.retryAttempts = 0;
      this.begin(entry);
    });
  }

  pause(): void {
    this.halt('paused');
  }

  stop(): void {
    this.halt('idle');
  }

  /** The user picked another player mode: play again with it. */
  setType(type: PlayerType): void {
    if (!this.availableTypes.includes(type)) throw new Error('Unsupported player mode');
    if (type === this.type) return;
    this.type = type;
    this.retryAttempts = 0;
    const running = this.source === 'connecting' || this.source === 'playing' || this.error !== null;
    if (this.lastRequest && running) this.restart();
    else this.emit();
  }

  sourcePlaying(token: number): void {
    if (!this.active || token !== this.active.token) return;
    this.clearTimer();
    const done = this.active;
    if (this.waiting) {
      done.reject?.(updatedError());
      this.begin(this.takeWaiting());
      return;
    }
    this.active = null;
    this.source = 'playing';
    this.overlay = 'none';
    this.error = null;
    this.retryAttempts = 0;
    this.toggledForFailure = false;
    this.countdownMs = null;
    done.resolve?.();
    this.emit();
  }

  sourceFailed(token: number, failure: PlayerFailure): void {
    if (!this.active || token !== this.active.token) return;
    this.fail(failure);
  }

  private takeWaiting(): Entry {
    const entry = this.waiting!;
    this.waiting = null;
    return entry;
  }

  private typeFor(request: PlayRequest | null): PlayerType {
    return request && request.speed < 0 && this.availableTypes.includes('lowbandwidth') ? 'lowbandwidth' : this.type;
  }

  private begin(entry: Entry): void {
    this.generation++;
    this.clearTimer();
    this.active = entry;
    this.lastRequest = { ...entry.request };
    this.source = 'connecting';
    this.overlay = 'connecting';
    this.countdownMs = null;
    const type = this.typeFor(entry.request);
    const timeoutMs = type === 'lowbandwidth' ? LOW_BANDWIDTH_PLAY_TIMEOUT_MS : PLAY_TIMEOUT_MS;
    this.schedule(timeoutMs, () =>
      this.fail({ code: PLAYER_ERROR.timedOutWaitingForStreamToPlay, recoverable: true }),
    );
    this.emit();
    this.driver.start(entry.token, entry.request, type);
  }

  /** Where a restart resumes: the timeline's current request once something was asked, else nothing. */
  private resumeRequest(): PlayRequest | null {
    if (!this.lastRequest) return null;
    return this.currentRequest?.() ?? this.lastRequest;
  }

  /** Plays again (by default where playback should be now), as an internal request nobody awaits. */
  private restart(request: PlayRequest | null = this.resumeRequest()): void {
    if (!request) return;
    this.begin({ token: this.nextToken++, request: { ...request } });
  }

  private halt(source: 'idle' | 'paused'): void {
    this.generation++;
    this.clearTimer();
    this.active?.reject?.(cancelledError());
    this.waiting?.reject?.(cancelledError());
    const wasRunning = this.active !== null || this.source === 'playing' || this.source === 'connecting';
    this.active = null;
    this.waiting = null;
    this.source = source;
    this.overlay = 'none';
    this.error = null;
    this.countdownMs = null;
    if (wasRunning) this.driver.stop();
    this.emit();
  }

  private fail(failure: PlayerFailure): void {
    this.clearTimer();
    const failed = this.active;
    failed?.reject?.(new PlayerError(failure.code, failure.recoverable, failure.message));
    this.active = null;
    if (this.waiting) {
      this.begin(this.takeWaiting());
      return;
    }
    this.driver.stop();
    this.generation++;
    this.source = 'idle';
    if (failure.recoverable && !failure.notAvailable) this.retryAttempts++;
    this.setError(failure);
    if (failure.notAvailable) return this.emit();
    if (!failure.recoverable) {
      const other = this.availableTypes.find((t) => t !== this.type);
      if (other && !this.toggledForFailure) {
        this.toggledForFailure = true;
        this.type = other;
        this.restart();
        return;
      }
      return this.emit();
    }
    this.emit();
    void this.recover();
  }

  private setError(failure: PlayerFailure): void {
    this.overlay = 'error';
    this.error = {
      state: failure.notAvailable ? 'not_available' : 'error',
      code: failure.code,
      message: failure.message ?? failure.code,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
      retryAttempts: this.retryAttempts,
    };
  }

  private async recover(): Promise<void> {
    const request = this.resumeRequest();
    if (!request) return;
    const generation = this.generation;
    const availability: ArchiveAvailability =
      request.timeMs === 0 || !this.probeArchive ? { kind: 'playable' } : await this.probe(request);
    if (generation !== this.generation) return;
    if (availability.kind === 'playable') {
      this.schedule(ERROR_RESTART_MS, () => this.restart());
    } else if (availability.kind === 'later') {
      this.overlay = 'delay';
      this.countdownMs = countdownMs(availability.startMs, request.timeMs, request.speed);
      this.tickCountdown(availability.startMs, request.speed);
      this.emit();
    } else {
      this.overlay = 'no_video';
      this.emit();
      this.schedule(NO_VIDEO_POLL_MS, () => void this.pollNoVideo());
    }
  }

  private async probe(request: PlayRequest): Promise<ArchiveAvailability> {
    try {
      return await this.probeArchive!(request.timeMs, request.speed);
    } catch {
      // A failed archive check is treated as "no video yet" and checked again.
      return { kind: 'none' };
    }
  }

  private tickCountdown(startMs: number, speed: number): void {
    if (this.countdownMs !== null && this.countdownMs < COUNTDOWN_RESUME_MS) {
      this.restart({ timeMs: resumeTimeMs(startMs, speed), speed });
      return;
    }
    this.schedule(COUNTDOWN_TICK_MS, () => {
      this.countdownMs = Math.max(0, (this.countdownMs ?? 0) - COUNTDOWN_TICK_MS);
      this.emit();
      this.tickCountdown(startMs, speed);
    });
  }

  private async pollNoVideo(): Promise<void> {
    const request = this.resumeRequest();
    if (!request) return;
    const generation = this.generation;
    const availability = await this.probe(request);
    if (generation !== this.generation) return;
    if (availability.kind === 'none') {
      this.schedule(NO_VIDEO_POLL_MS, () => void this.pollNoVideo());
    } else if (availability.kind === 'playable') {
      this.restart();
    } else {
      void this.recover();
    }
  }

  private schedule(ms: number, callback: () => void): void {
    this.clearTimer();
    const generation = this.generation;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (generation === this.generation) callback();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const snapshot = this.snapshot;
    for (const listener of this.listeners) listener(snapshot);
  }
}
