/**
 * A live viewer's sound: a subscription to the stream's live audio hub
 * (G.711 µ-law in 20 ms frames, see ingest/stream-ingest.ts) that follows
 * the stream to a new hub when its ingest is replaced, as liveFeed does for
 * the picture. While the camera's sound is gone (a restart, a camera that
 * stopped sending it) the viewer simply gets none.
 *
 * Cost: a closure call per frame (50 a second) and a 2 s check (source-follower.ts).
 */
import type { AudioFrame, AudioSource } from '../../protocols/audio-source';
import type { LiveSources } from '../core/media-contracts';
import { followSource } from './source-follower';
import type { VideoFeed } from './video-feed';

export function liveAudioFeed(live: LiveSources, streamId: string, source: AudioSource, onFrame: (frame: AudioFrame, resumed: boolean) => void): VideoFeed {
  return followSource<AudioSource>({
    first: source,
    latest: () => live.audio?.(streamId),
    subscribe: (next) => {
      let first = true;
      return next.subscribe((frame) => {
        onFrame(frame, first);
        first = false;
      });
    },
    whenGone: 'drop',
  });
}
