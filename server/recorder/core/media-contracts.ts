/**
 * The contracts between the recorder's media parts: ingest (one supervised
 * ffmpeg per stream, writing archive segments and feeding a live hub) and
 * delivery (WebRTC, RTSP restream, low-bandwidth JPEG sessions, frames,
 * export). Delivery reads only through these interfaces.
 */
import type { AudioSource } from '../../protocols/audio-source';
import type { H264Source } from '../../protocols/h264-source';
import type { StreamState } from '../../shared/api';

/** One archive file ("orchive") of about a minute. Times are epoch ms. */
export interface ArchiveSegment {
  id: number;
  streamId: string;
  startMs: number;
  /** For the active segment: the time of the last packet written so far. */
  endMs: number;
  /** Absolute path, always inside the recorder's archive folder. */
  path: string;
  sizeBytes: number;
  /** True while ffmpeg is still writing it. */
  active: boolean;
}

export interface ArchiveLookup {
  /** Segments overlapping [startMs, endMs], oldest first. */
  segmentsBetween(streamId: string, startMs: number, endMs: number): ArchiveSegment[];
  /** The segment containing timeMs, or the first one starting after it. */
  segmentAtOrAfter(streamId: string, timeMs: number): ArchiveSegment | undefined;
}

export interface LiveSources {
  /** The live H.264 of a running stream (latest GOP kept for instant start), or undefined when not running. */
  source(streamId: string): H264Source | undefined;
  /**
   * The live sound (G.711 µ-law, 20 ms frames) of a running stream whose camera sends it; undefined
   * for video-only cameras. Optional: video-only sources need not implement it.
   */
  audio?(streamId: string): AudioSource | undefined;
  /** Whether the stream exists at all (running or not). */
  exists(streamId: string): boolean;
}

/** How to pull one stream: what the cameras service tells the ingest. */
export interface IngestSpec {
  streamId: string;
  cameraId: string;
  /** The camera's RTSP URI without credentials. */
  sourceUri: string;
  username: string;
  password: string;
  /** False for proxy-only: live only, no archive output. */
  record: boolean;
  /**
   * What the camera was last told to encode for this stream (ONVIF streams, as text): a change
   * restarts the ingest like any other spec change, so segments after it carry the new settings.
   */
  cameraSettings?: string;
  /** Segment length for this stream (motion-only streams cut short ones); the supervisor's otherwise. */
  segmentSeconds?: number;
}

export interface IngestStatus {
  streamState: StreamState;
  retryCount: number;
  lastError: string | undefined;
  pid: number | undefined;
}

/** What the cameras service needs from the ingest. */
export interface IngestControl {
  ensure(spec: IngestSpec): Promise<void>;
  remove(streamId: string): Promise<void>;
  status(streamId: string): IngestStatus;
}
