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
import { followSource } from './source-follower';

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

/**
 * Subscribes to a stream's live hub. Access units before the first keyframe
 * are dropped (nothing can decode them) and keyframes carry SPS/PPS. When
 * the ingest replaces the stream's hub (a restart), the feed moves to the
 * new one; while the stream is down it waits (the viewer sees no packets,
 * which is how the client notices).
 */
export function liveFeed(live: LiveSources, streamId: string, source: H264Source, sink: FeedSink): VideoFeed {
  return followSource<H264Source>({
    first: source,
    latest: () => live.source(streamId),
    subscribe: (next) => {
      let sawKeyframe = false;
      return next.subscribe((au) => {
        if (!sawKeyframe && !au.keyframe) return;
        sawKeyframe = true;
        sink.accessUnit(withParameterSets(au, next.codec()));
      });
    },
    whenGone: 'keep',
  });
}
