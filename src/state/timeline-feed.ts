/**
 * What the timeline shows, fetched for the cameras it follows (the linked
 * tiles): recorded spans (GET /service/archives from the view's start,
 * through the archives queue, 2 at once) and motion (the histogram of the
 * view with minSegment from its pixel width), re-polled every 1500 ms
 * (spec 9) and at once, after the 333 ms scale lock, when the scale
 * changes. Times are shifted from each camera's server's clock to this
 * computer's by that server's offset (spec 7; in multi-server mode each
 * camera's own server, src/state/server-offsets.ts), then packed into Float64Arrays and handed
 * to the sink (the timeline worker facade), which transfers them: the data
 * never enters valtio or React.
 *
 * A failed fetch is ignored and retried on the next poll (spec 8): the
 * track keeps what it showed. A poll does not start while the previous one
 * is still running, so a slow server is never asked twice at once.
 *
 * Cost per poll: two requests per followed camera. Limits: one view's worth
 * of archives (up to 1000 segments) per camera; a wider view shows the
 * first 1000 segments from its start.
 */
import { timelineApi } from '../api/timeline-api';
import { MOTION_POLL_MS, SCALE_CHANGE_DEBOUNCE_MS } from '../../workers/core/timeline-view/timeline-constants';
import { ARCHIVE_JOIN_GAP_MS, packSpans } from '../../workers/core/timeline-view/track-spans';
import type { TimelineDataRange, TimelineTrackData } from '../media/timeline-view';
import { debounce } from '../../workers/core/debounce';
import { browserTimers } from '../../workers/core/browser-timers';

export interface TimelineTrackSource {
  /** The tile key ('orchidId/cameraId'). */
  key: string;
  cameraId: string;
  streamId: string;
  /** The camera's server (orchidId): its archives and motion are asked there. */
  server?: string;
}

export interface TimelineFeedSink {
  setTrack(key: string, cameraId: string, data: TimelineTrackData): void;
  keepTracks(keys: readonly string[]): void;
  dataRange(): Promise<TimelineDataRange>;
}

export interface TimelineFeedDeps {
  sources: () => readonly TimelineTrackSource[];
  sink: TimelineFeedSink;
  /** The clock of a camera's server (its orchidId) minus this computer's, ms. */
  serverOffsetMs: (server?: string) => number;
  api?: Pick<typeof timelineApi, 'archives' | 'motionHistogram'>;
}

export interface TimelineFeed {
  /** The scale changed: fetch again once it has settled (333 ms). */
  scaleChanged(): void;
  /** Poll now (e.g. the followed cameras changed). */
  refresh(): void;
  stop(): void;
}

async function fetchTrack(source: TimelineTrackSource, range: TimelineDataRange, offsetMs: number, deps: TimelineFeedDeps): Promise<TimelineTrackData> {
  const api = deps.api ?? timelineApi;
  const startMs = range.startMs + offsetMs;
  const endMs = range.endMs + offsetMs;
  const [archives, histogram] = await Promise.all([
    api.archives(source, startMs),
    api.motionHistogram(source, startMs, endMs, range.minSegmentMs),
  ]);
  return {
    archives: packSpans(
      archives.filter((archive) => archive.start < endMs).map((archive) => ({ start: archive.start, stop: archive.end })),
      offsetMs,
      ARCHIVE_JOIN_GAP_MS,
    ),
    motion: packSpans(histogram.filter((bucket) => bucket.motionMs > 0 || bucket.count > 0), offsetMs),
  };
}

export function startTimelineFeed(deps: TimelineFeedDeps): TimelineFeed {
  let running = false;
  let stopped = false;

  const poll = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const sources = deps.sources();
      deps.sink.keepTracks(sources.map((source) => source.key));
      if (sources.length === 0) return;
      const range = await deps.sink.dataRange();
      await Promise.all(
        sources.map(async (source) => {
          try {
            const data = await fetchTrack(source, range, deps.serverOffsetMs(source.server), deps);
            if (!stopped) deps.sink.setTrack(source.key, source.cameraId, data);
          } catch {
            // Spec 8: a failed fetch is ignored; the next poll (1500 ms) tries again and the track keeps what it had.
          }
        }),
      );
    } catch {
      // The worker is gone (the timeline is being torn down): nothing to show it to.
    } finally {
      running = false;
    }
  };

  const timer = setInterval(() => void poll(), MOTION_POLL_MS);
  const afterScale = debounce(() => void poll(), SCALE_CHANGE_DEBOUNCE_MS, browserTimers);
  void poll();

  return {
    scaleChanged: () => afterScale(),
    refresh: () => void poll(),
    stop() {
      stopped = true;
      clearInterval(timer);
      afterScale.cancel();
    },
  };
}
