/**
 * Live and recorded video delivery: WebRTC signalling, low-bandwidth
 * streams, stream pictures and the RTSP restream, all reading through
 * LiveSources and ArchiveLookup. Answers what the routes need and the
 * shutdown (sessions ended, RTSP server closed); the wiring (services.ts)
 * registers the routes.
 */
import type { ArchiveLookup, LiveSources } from '../core/media-contracts';
import type { FeedDeps } from './feed-opener';
import { JpegFrames } from './jpeg-frames';
import { LowBandwidthStreams } from './low-bandwidth-streams';
import { RtspCredentials, type RtspCredentialsDeps } from './rtsp-credentials';
import { startRtspRestream } from './rtsp-restream';

export interface LiveMedia {
  feedDeps: FeedDeps;
  lowBandwidth: LowBandwidthStreams;
  frames: JpegFrames;
  close(): Promise<void>;
}

export async function startLiveMedia(deps: {
  host: string;
  rtspPort: number;
  live: LiveSources;
  archive: ArchiveLookup;
  /** Who may pull the RTSP restream: recorder users, checked as at sign-in. */
  credentials: RtspCredentialsDeps;
  /** The recorder's clock: whether a time asked is live or recorded is decided by it. */
  now?: () => number;
}): Promise<LiveMedia> {
  const feedDeps = { live: deps.live, archive: deps.archive, ...(deps.now ? { now: deps.now } : {}) };
  const lowBandwidth = new LowBandwidthStreams(feedDeps);
  const frames = new JpegFrames(feedDeps);
  const rtsp = await startRtspRestream({
    host: deps.host,
    port: deps.rtspPort,
    live: deps.live,
    credentials: new RtspCredentials(deps.credentials),
  });
  return {
    feedDeps,
    lowBandwidth,
    frames,
    close: async () => {
      lowBandwidth.close();
      await rtsp.close();
    },
  };
}
