/**
 * Wires motion detection into the recorder, in two steps because the
 * cameras service needs motion's ingest wrapper and the mask needs the
 * cameras service:
 *
 *   const motion = createMotion(services, { live, archives, retention, log });
 *   const cameras = new CamerasService({ ..., ingest: motion.wrapIngest(ingest) });
 *   motion.attach(cameras);
 *
 * createMotion closes events a crash left open and removes keyframes-only
 * copies a crash left half-written, before any detector runs; attach adds
 * the events and mask routes and starts the archive keeper. Shutdown stops
 * the keeper, then every detector (open events close at their last motion).
 */
import type { RecordingConfiguration } from '../../shared/api';
import { ApiError } from '../core/api-error';
import type { CamerasService, IngestControl, Viewer } from '../cameras/cameras';
import { EventsService } from '../events/events-service';
import { MotionMaskService } from './motion-mask-service';
import { eventRoutes } from '../events/event-routes';
import { motionMaskRoutes } from './motion-mask-routes';
import type { RecorderServices } from '../services';
import type { ArchiveIndex } from '../archive/archive-index';
import type { LiveSources } from '../core/media-contracts';
import { ArchiveKeeper } from './archive-keeper';
import { MotionEventQueries } from './event-queries';
import { MotionEventStore } from './event-store';
import { decodeMask } from './mask-decoder';
import { MotionMaskStore } from './mask-store';
import { MotionService } from './motion-service';
import { MotionStreamCatalog } from './motion-stream-catalog';
import { keyframesOnlyCopy, removeStaleCopies } from './segment-reducer';
import { withStreamListener } from './stream-listener';
import type { MotionLog } from './stream-motion';

export interface MotionMediaDeps {
  live: LiveSources;
  archives: ArchiveIndex;
  /** The retention index: segment rows are removed through it. */
  retention: { removeSegments(ids: readonly number[]): void };
  log: MotionLog;
}

export interface MotionWiring {
  service: MotionService;
  /** The ingest control the cameras service should drive: motion hears of every stream start, change and removal. */
  wrapIngest(ingest: IngestControl): IngestControl;
  /** Routes, the archive keeper and shutdown; call once the cameras service exists. */
  attach(cameras: CamerasService): void;
}

/** The cameras service acting for the recorder itself when the mask sets its href. */
const SYSTEM: Viewer = { role: 'Administrator', host: 'localhost' };

export async function createMotion(services: RecorderServices, deps: MotionMediaDeps): Promise<MotionWiring> {
  const { db } = services;
  const events = new MotionEventStore(db);
  const closed = events.closeInterrupted();
  if (closed > 0) deps.log.info(`closed ${closed} motion event(s) left open by the last run`);
  await removeStaleCopies(deps.archives.archiveRoot);
  const catalog = new MotionStreamCatalog(db);
  const masks = new MotionMaskStore(db);
  const queries = new MotionEventQueries(db);
  const service = new MotionService({
    live: deps.live,
    recordingConfiguration: (id) => catalog.recordingConfiguration(id),
    maskOf: (id) => masks.gray(id),
    events,
    log: deps.log,
  });
  const keeper = new ArchiveKeeper({
    watched: () => service.watched(),
    archives: deps.archives,
    removeSegments: (ids) => deps.retention.removeSegments(ids),
    motionNear: (id, fromMs, toMs) => queries.motionNear(id, fromMs, toMs),
    keyframesOnlyCopy,
    log: deps.log,
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
    attach(cameras) {
      const maskService = new MotionMaskService({
        store: masks,
        decode: decodeMask,
        streams: {
          recordingConfiguration: (cameraId, streamId): RecordingConfiguration | undefined => {
            try {
              const stream = cameras.getStream(streamId, SYSTEM);
              return stream.cameraId === cameraId ? stream.recordingConfiguration : undefined;
            } catch (error) {
              if (error instanceof ApiError && error.status === 404) return undefined;
              throw error;
            }
          },
          setRecordingConfiguration: async (cameraId, streamId, config) => {
            await cameras.changeStream(cameraId, streamId, { recordingConfiguration: config }, false, SYSTEM);
          },
        },
        changed: (streamId) => service.maskChanged(streamId),
      });
      const eventsService = new EventsService({ reader: queries, streamExists: (id) => catalog.streamExists(id) });
      services.extraRoutes.push(async (app) => {
        await eventRoutes(app, { events: eventsService });
        await motionMaskRoutes(app, { masks: maskService });
      });
      keeper.start();
      services.onClose.push(async () => {
        await keeper.stop();
        service.stop();
      });
    },
  };
}
