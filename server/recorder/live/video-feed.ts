/**
 * The one shape every delivery path consumes: a feed pushes access units to
 * a sink until it is stopped or ends. A live feed is a subscription to the
 * stream's hub (the latest GOP first, so a viewer starts at once); the
 * archive feed is archive-player.ts. WebRTC peers and low-bandwidth decoders
 * take either without knowing which.
 */
import type { AccessUnit } from '../../protocols/h264';
import type { H264Source } from '../../protocols/h264-source';
import type { LiveSources } from '../core/media-contracts';
import { withParameterSets } from './access-units';

export interface FeedProblem {
  code: string;
  reason: string;
}

export interface FeedSink {
  accessUnit(au: AccessUnit): void;
  /** The feed stopped by itself (no more recording, stream gone). Not called after stop(). */
  end(problem: FeedProblem): void;
}

export interface VideoFeed {
  stop(): void;
}

/** How often a live feed checks that its stream's hub is still the current one. */
const SOURCE_CHECK_MS = 2000;

/**
 * Subscribes to a stream's live hub. Access units before the first keyframe
 * are dropped (nothing can decode them) and keyframes carry SPS/PPS. When
 * the ingest replaces the stream's hub (a restart), the feed moves to the
 * new one; while the stream is down it waits (the viewer sees no packets,
 * which is how the client notices).
 */
export function liveFeed(live: LiveSources, streamId: string, source: H264Source, sink: FeedSink): VideoFeed {
  let current = source;
  let unsubscribe: (() => void) | undefined;
  let sawKeyframe = false;
  const attach = (next: H264Source) => {
    unsubscribe?.();
    current = next;
    sawKeyframe = false;
    unsubscribe = next.subscribe((au) => {
      if (!sawKeyframe && !au.keyframe) return;
      sawKeyframe = true;
      sink.accessUnit(withParameterSets(au, current.codec()));
    });
  };
  attach(source);
  const timer = setInterval(() => {
    const latest = live.source(streamId);
    if (latest && latest !== current) attach(latest);
  }, SOURCE_CHECK_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}
