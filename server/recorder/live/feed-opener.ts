/**
 * Decides what a viewer asked for and opens it: live when the time is 0 or
 * within the live window of now, otherwise the recording from that time.
 * Shared by WebRTC and low-bandwidth sessions so both answer the same
 * question the same way (which permission, which errors). Checks come first
 * (`planFeed`, synchronous, throws nothing) so a request can be refused
 * before any peer or process exists.
 */
import type { Ability } from '../../shared/roles';
import type { AudioSource } from '../../protocols/audio-source';
import type { H264Source } from '../../protocols/h264-source';
import type { ArchiveLookup, LiveSources } from '../core/media-contracts';
import { type ArchiveCursor, startCursor } from './archive-plan';
import { ArchivePlayer, type ArchivePlayerDeps } from './archive-player';
import { type FeedProblem, type FeedSink, liveFeed, type VideoFeed } from './video-feed';

/** A time within this much of now is live (spec 9: live window, 5 s cited). */
export const LIVE_WINDOW_MS = 5000;

export type FeedPlan =
  | { kind: 'live'; streamId: string; source: H264Source; /** The camera's sound, when it sends some. */ audio?: AudioSource }
  | { kind: 'archive'; streamId: string; cursor: ArchiveCursor; gapToleranceMs: number; speed: number };

export interface FeedDeps extends ArchivePlayerDeps {
  live: LiveSources;
  archive: ArchiveLookup;
}

/** Whether a request for `timeMs` is recorded video rather than live. */
export function isPlaybackTime(timeMs: number, nowMs: number): boolean {
  return timeMs > 0 && nowMs - timeMs > LIVE_WINDOW_MS;
}

export interface FeedRequest {
  streamId: string;
  /** Epoch ms, 0 for live. */
  timeMs: number;
  /** How far ahead a gap in the recording may be bridged (the client's waitThres). */
  gapToleranceMs: number;
  /** Playback speed; live always plays at 1, and a reverse speed is served by reverse-pictures.ts, not a feed. */
  speed?: number;
}

/** The plan for a request, or the problem that refuses it (with an HTTP-like status for REST callers). */
export function planFeed(
  deps: FeedDeps,
  request: FeedRequest,
  can: (ability: Ability) => boolean,
): FeedPlan | (FeedProblem & { status: number }) {
  const now = deps.now?.() ?? Date.now();
  const past = isPlaybackTime(request.timeMs, now);
  if (!can(past ? 'playback' : 'live')) {
    return { status: 403, code: 'forbidden', reason: `You do not have permission for ${past ? 'playback' : 'live video'}.` };
  }
  if (!deps.live.exists(request.streamId)) {
    return { status: 404, code: 'stream-not-found', reason: `Stream '${request.streamId}' does not exist.` };
  }
  if (!past) {
    const source = deps.live.source(request.streamId);
    if (!source) return { status: 409, code: 'stream-not-running', reason: 'The stream is not running.' };
    const audio = deps.live.audio?.(request.streamId);
    return { kind: 'live', streamId: request.streamId, source, ...(audio ? { audio } : {}) };
  }
  const cursor = startCursor(deps.archive, request.streamId, request.timeMs, request.gapToleranceMs);
  if (!cursor) {
    return { status: 404, code: 'no-archive', reason: `No recording at ${new Date(request.timeMs).toISOString()}.` };
  }
  return { kind: 'archive', streamId: request.streamId, cursor, gapToleranceMs: request.gapToleranceMs, speed: Math.abs(request.speed ?? 1) };
}

export interface ReversePlan {
  kind: 'reverse';
  streamId: string;
  /** Where the first picture is taken, epoch ms (now for a request at live). */
  startMs: number;
  speed: number;
  gapToleranceMs: number;
}

/**
 * The plan for playing backwards from a time (0: from now), or the problem
 * that refuses it. Always playback (it shows the past), so it needs the
 * playback ability; the recording must exist at or before the time.
 */
export function planReverse(
  deps: FeedDeps,
  request: FeedRequest,
  can: (ability: Ability) => boolean,
): ReversePlan | (FeedProblem & { status: number }) {
  if (!can('playback')) return { status: 403, code: 'forbidden', reason: 'You do not have permission for playback.' };
  if (!deps.live.exists(request.streamId)) {
    return { status: 404, code: 'stream-not-found', reason: `Stream '${request.streamId}' does not exist.` };
  }
  const now = deps.now?.() ?? Date.now();
  const startMs = request.timeMs > 0 ? Math.min(request.timeMs, now) : now;
  const nearby = deps.archive.segmentsBetween(request.streamId, startMs - request.gapToleranceMs - 1, startMs);
  if (!nearby.some((segment) => segment.startMs <= startMs)) {
    return { status: 404, code: 'no-archive', reason: `No recording at or before ${new Date(startMs).toISOString()}.` };
  }
  return { kind: 'reverse', streamId: request.streamId, startMs, speed: request.speed ?? -1, gapToleranceMs: request.gapToleranceMs };
}

export function openFeed(deps: FeedDeps, plan: FeedPlan, sink: FeedSink): VideoFeed {
  if (plan.kind === 'live') return liveFeed(deps.live, plan.streamId, plan.source, sink);
  return new ArchivePlayer(deps, plan.streamId, plan.cursor, plan.gapToleranceMs, sink, plan.speed);
}
