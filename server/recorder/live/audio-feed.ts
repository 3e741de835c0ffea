/**
 * A live viewer's sound: a subscription to the stream's live audio hub
 * (G.711 µ-law in 20 ms frames, see ingest/stream-ingest.ts) that follows
 * the stream to a new hub when its ingest is replaced, as liveFeed does for
 * the picture. While the camera's sound is gone (a restart, a camera that
 * stopped sending it) the viewer simply gets none.
 *
 * Cost: a closure call per frame (50 a second) and a 2 s check.
 */
import type { AudioFrame, AudioSource } from '../../protocols/audio-source';
import type { LiveSources } from '../core/media-contracts';
import type { VideoFeed } from './video-feed';

const SOURCE_CHECK_MS = 2000;

export function liveAudioFeed(live: LiveSources, streamId: string, source: AudioSource, onFrame: (frame: AudioFrame, resumed: boolean) => void): VideoFeed {
  let current: AudioSource | undefined;
  let unsubscribe: (() => void) | undefined;
  const attach = (next: AudioSource | undefined) => {
    unsubscribe?.();
    unsubscribe = undefined;
    current = next;
    if (!next) return;
    let first = true;
    unsubscribe = next.subscribe((frame) => {
      onFrame(frame, first);
      first = false;
    });
  };
  attach(source);
  const timer = setInterval(() => {
    const latest = live.audio?.(streamId);
    if (latest !== current) attach(latest);
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
