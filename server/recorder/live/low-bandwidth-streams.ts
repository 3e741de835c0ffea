/**
 * The low-bandwidth streams of the recorder (spec 7 CRUD): creates sessions
 * within bounds (per user and overall, since each one is an ffmpeg decoder),
 * answers their state, ends them on DELETE and ends idle ones: a session
 * with no socket attached and no requestFrame for IDLE_TIMEOUT_MS is gone,
 * so a closed browser tab frees its decoder. A failed session stays
 * readable (status 'failed' with its description) until it is idle too.
 *
 * A negative `speed` plays the recording backwards as pictures made by
 * reverse-pictures.ts (no live feed, no session decoder).
 *
 * A create answers at once; the session's decoder is started after the
 * reply, one per turn of the event loop, because spawning ffmpeg blocks the
 * loop for a few milliseconds: a wall of 64 tiles asking together used to
 * wait for all 64 spawns before most of them heard back (p95 2.7 s here,
 * 0.1 s after). The session reads 'starting' until its first picture.
 */
import { randomUUID } from 'node:crypto';
import type { CreateLowBandwidthStreamRequest, LowBandwidthStream } from '../../shared/api';
import { LOW_BANDWIDTH_DEFAULT_RATE } from '../../shared/api/live';
import type { Ability } from '../../shared/roles';
import { ApiError, notFound } from '../../common/api-error';
import { clampBox } from './ffmpeg-args';
import { type FeedDeps, openFeed, planFeed, planReverse } from './feed-opener';
import { type PictureSink, ReversePictures } from './reverse-pictures';
import type { FeedSink } from './video-feed';
import { LowBandwidthSession } from './low-bandwidth-session';

export const IDLE_TIMEOUT_MS = 30_000;
const SWEEP_INTERVAL_MS = 5_000;

export interface LowBandwidthLimits {
  perUser: number;
  total: number;
}

/** A 6x6 wall per user; overall about what two cores decode at 640x360 from sub streams. */
export const DEFAULT_LOW_BANDWIDTH_LIMITS: LowBandwidthLimits = { perUser: 36, total: 64 };

export interface Requester {
  userId: string;
  can: (ability: Ability) => boolean;
}

export class LowBandwidthStreams {
  private readonly sessions = new Map<string, LowBandwidthSession>();
  /** Sessions created whose decoder has not been started yet, oldest first. */
  private readonly toStart: LowBandwidthSession[] = [];
  private startScheduled = false;
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(
    private readonly deps: FeedDeps,
    private readonly limits: LowBandwidthLimits = DEFAULT_LOW_BANDWIDTH_LIMITS,
  ) {
    this.now = deps.now ?? Date.now;
    this.sweepTimer = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  create(requester: Requester, request: CreateLowBandwidthStreamRequest): { id: string } {
    const speed = request.speed ?? 1;
    if (speed === 0 || !Number.isFinite(speed)) throw new ApiError(400, 'invalid-speed', 'speed must be non-zero, between -64 and 64.');
    // The route's schema fills in the defaults; another caller may leave them out too.
    const feedRequest = { streamId: request.streamId, timeMs: request.startTime ?? 0, gapToleranceMs: request.waitThres ?? 2000, speed };
    const plan = speed < 0 ? planReverse(this.deps, feedRequest, requester.can) : planFeed(this.deps, feedRequest, requester.can);
    if (!('kind' in plan)) throw new ApiError(plan.status, plan.code, plan.reason);
    const open = [...this.sessions.values()].filter((s) => s.status !== 'failed');
    const mine = open.filter((s) => s.ownerId === requester.userId).length;
    if (mine >= this.limits.perUser) {
      throw new ApiError(429, 'too-many-sessions', `You already have ${mine} low-bandwidth streams open; close one first.`);
    }
    if (open.length >= this.limits.total) {
      throw new ApiError(503, 'too-many-sessions', 'The recorder is decoding as many low-bandwidth streams as it can.');
    }
    const box = clampBox(request.resolution);
    const fps = request.rate ?? LOW_BANDWIDTH_DEFAULT_RATE;
    const session = new LowBandwidthSession({
      id: randomUUID(),
      ownerId: requester.userId,
      streamId: request.streamId,
      box,
      fps,
      ...(plan.kind === 'reverse'
        ? {
            openPictures: (sink: PictureSink, watched: () => boolean) =>
              new ReversePictures({ ...plan, archive: this.deps.archive, rate: fps, box, watched, ...(this.deps.log ? { log: this.deps.log } : {}) }, sink),
          }
        : { openFeed: (sink: FeedSink) => openFeed(this.deps, plan, sink) }),
      now: this.now,
    });
    this.sessions.set(session.id, session);
    this.toStart.push(session);
    this.scheduleStart();
    return { id: session.id };
  }

  /** Starts the next waiting decoder on a later turn of the event loop, so replies go out between spawns. */
  private scheduleStart(): void {
    if (this.startScheduled || this.toStart.length === 0) return;
    this.startScheduled = true;
    setImmediate(() => {
      this.startScheduled = false;
      const session = this.toStart.shift();
      // A session deleted (or the recorder closed) before its turn is not started.
      if (session && this.sessions.get(session.id) === session) session.start();
      this.scheduleStart();
    });
  }

  /** The caller's own session; another user's is reported as missing. */
  session(id: string, userId: string): LowBandwidthSession {
    const session = this.sessions.get(id);
    if (!session || session.ownerId !== userId) throw notFound('No such low-bandwidth stream.', 'failedToGetLowBandwidthStream');
    return session;
  }

  describe(id: string, userId: string): LowBandwidthStream {
    const session = this.session(id, userId);
    return { id: session.id, state: { status: session.status, description: session.description } };
  }

  delete(id: string, userId: string): void {
    const session = this.session(id, userId);
    this.sessions.delete(id);
    session.end();
  }

  sweep(): void {
    const now = this.now();
    for (const session of [...this.sessions.values()]) {
      if (session.attachedCount === 0 && now - session.lastActivityMs > IDLE_TIMEOUT_MS) {
        this.sessions.delete(session.id);
        session.end('The low-bandwidth stream was idle.');
      }
    }
  }

  close(): void {
    clearInterval(this.sweepTimer);
    this.toStart.length = 0;
    for (const session of this.sessions.values()) session.end('The recorder is shutting down.');
    this.sessions.clear();
  }
}
