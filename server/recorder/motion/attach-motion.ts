/**
 * Motion detection for the recorder, in one step:
 *
 *   const motion = await createMotion({ db, live, archives, retention, log, streams });
 *   const cameras = new CamerasService({ ..., ingest: motion.wrapIngest(ingest) });
 *
 * `streams` is the narrow view of stream settings a motion mask needs (a
 * mask sets the stream's mask href); the wiring binds it to the cameras
 * service once that exists (cameras/mask-stream-settings.ts), so motion
 * never imports cameras. createMotion closes events a crash left open and
 * removes keyframes-only copies a crash left half-written, before any
 * detector runs; `start` starts the archive keeper; `close` stops it, then
 * every detector (open events close at their last motion).
 */
import type { Db } from '../core/db/database';
import type { IngestControl, LiveSources } from '../core/media-contracts';
import type { ArchiveIndex } from '../archive';
import { EventsService } from '../events';
import { ArchiveKeeper } from './archive-keeper';
import { MotionEventQueries } from './event-queries';
import { MotionEventStore } from './event-store';
import { decodeMask } from './mask-decoder';
import { MotionMaskStore } from './mask-store';
import { MotionMaskService, type MaskStreamPort } from './motion-mask-service';
import { MotionService } from './motion-service';
import type { MotionStreamCatalog } from './motion-stream-catalog';
import { keyframesOnlyCopy, removeStaleCopies } from './segment-reducer';
import { withStreamListener } from './stream-listener';
import type { MotionLog } from './stream-motion';

export interface MotionMediaDeps {
  db: Db;
  live: LiveSources;
  archives: ArchiveIndex;
  /** The retention index: segment rows are removed through it. */
  retention: { removeSegments(ids: readonly number[]): void };
  log: MotionLog;
  /** Stream settings as the mask service reads and changes them. */
  streams: MaskStreamPort;
  /** The streams' recording configurations, from their owner. */
  catalog: MotionStreamCatalog;
  /** False when the archive folder may not be the recorder's storage (a degraded license): nothing there is removed. */
  touchArchives?: boolean;
  /** The recorder's clock: motion events are stamped by it. */
  now?: () => number;
}

export interface MotionWiring {
  service: MotionService;
  /** The ingest control the cameras service should drive: motion hears of every stream start, change and removal. */
  wrapIngest(ingest: IngestControl): IngestControl;
  /** For the events and mask routes. */
  events: EventsService;
  masks: MotionMaskService;
  /** Starts the archive keeper (once streams may record). */
  start(): void;
  close(): Promise<void>;
}

export async function createMotion(deps: MotionMediaDeps): Promise<MotionWiring> {
  const { db } = deps;
  const events = new MotionEventStore(db);
  const closed = events.closeInterrupted();
  if (closed > 0) deps.log.info(`closed ${closed} motion event(s) left open by the last run`);
  if (deps.touchArchives !== false) await removeStaleCopies(deps.archives.archiveRoot);
  const { catalog } = deps;
  const clock = deps.now ? { now: deps.now } : {};
  const masks = new MotionMaskStore(db);
  const queries = new MotionEventQueries(db);
  const service = new MotionService({
    live: deps.live,
    recordingConfiguration: (id) => catalog.recordingConfiguration(id),
    maskOf: (id) => masks.gray(id),
    events,
    log: deps.log,
    ...clock,
  });
  const keeper = new ArchiveKeeper({
    watched: () => service.watched(),
    archives: deps.archives,
    removeSegments: (ids) => deps.retention.removeSegments(ids),
    motionNear: (id, fromMs, toMs) => queries.motionNear(id, fromMs, toMs),
    keyframesOnlyCopy,
    log: deps.log,
    ...clock,
  });
  const maskService = new MotionMaskService({
    store: masks,
    decode: decodeMask,
    streams: deps.streams,
    changed: (streamId) => service.maskChanged(streamId),
    ...clock,
  });

  return {
    service,
    wrapIngest: (ingest) =>
      withStreamListener(ingest, {
        adjust: (spec) => service.adjust(spec),
        started: (spec) => service.started(spec),
        // A deleted stream's mask goes with it; its events stay, like its archives.
        removed: (streamId) => {
          service.removed(streamId);
          masks.delete(streamId);
        },
      }),
    events: new EventsService({ reader: queries, streamExists: (id) => catalog.streamExists(id) }),
    masks: maskService,
    start: () => keeper.start(),
    close: async () => {
      await keeper.stop();
      service.stop();
    },
  };
}
