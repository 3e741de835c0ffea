/**
 * Follows a stream's live source across ingest restarts: a live feed holds
 * a subscription to the stream's current hub (picture or sound), and when
 * the ingest replaces that hub the subscription moves to the new one. The
 * check is a poll every SOURCE_CHECK_MS rather than an event, so a feed
 * never depends on the ingest remembering who listens.
 *
 * Cost: one lookup every 2 s per feed.
 */
import type { VideoFeed } from './video-feed';

/** How often a live feed checks that its stream's hub is still the current one. */
export const SOURCE_CHECK_MS = 2000;

export interface SourceFollowing<S> {
  /** The source to subscribe to at once. */
  first: S | undefined;
  /** The stream's current source, undefined while it has none. */
  latest(): S | undefined;
  /** Subscribes to one source (called again for each new one); answers how to unsubscribe. */
  subscribe(source: S): () => void;
  /**
   * While the stream has no source: 'keep' stays on the last one (a picture
   * feed waits for the stream to come back), 'drop' lets it go (a sound feed
   * goes quiet).
   */
  whenGone: 'keep' | 'drop';
}

export function followSource<S>(following: SourceFollowing<S>): VideoFeed {
  let current: S | undefined;
  let unsubscribe: (() => void) | undefined;
  const attach = (next: S | undefined) => {
    unsubscribe?.();
    unsubscribe = undefined;
    current = next;
    if (next !== undefined) unsubscribe = following.subscribe(next);
  };
  attach(following.first);
  const timer = setInterval(() => {
    const latest = following.latest();
    if (latest === current || (latest === undefined && following.whenGone === 'keep')) return;
    attach(latest);
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
