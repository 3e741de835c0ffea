/**
 * Creates the recorder's services over one database and owns their lifetime.
 * Media services (cameras, ingest, archives, live) attach here as they are
 * added, each registering its routes through `extraRoutes` and its shutdown
 * through `onClose`.
 */
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { VersionInfo } from '../shared/api';
import type { RecorderConfig } from './core/config';
import { openDatabase, type Db } from './core/db/database';
import { openCameraPasswords } from './core/secrets/camera-passwords';
import { makeDataDirPrivate, makeFilesPrivate } from './core/secrets/private-files';
import { generatePassword } from './identity/passwords';
import { SessionsService } from './identity/sessions';
import { SettingsStore } from './core/settings';
import { SignInThrottle } from './identity/sign-in-throttle';
import { TicketIssuer } from './identity/tickets';
import { UsersService } from './identity/users';
import { loadVersionInfo } from './system/version-info';
import { layoutRoutesFor } from './layouts/layout-routes';
import { DiskService } from './retention/disk-service';
import { ExportService } from './export/export-service';
import { PtzPresetNames } from './ptz/ptz-preset-names';
import { PtzService } from './ptz/ptz-service';
import { RetentionCameraCatalog } from './retention/retention-camera-catalog';
import { RetentionOverrides } from './retention/retention-overrides';
import { ArchiveIndex } from './archive/archive-index';
import { OnvifPtzClients } from './ptz/onvif-ptz-client';
import { ArchiveRetentionIndex } from './retention/archive-retention-index';
import { RetentionCleaner } from './retention/cleaner';
import { reconcileArchives } from './retention/reconcile';
import { statVolume } from './retention/volume';
import { diskRoutes } from './retention/disk-routes';
import { probeOnvif } from '../protocols/ws-discovery';
import { CamerasService, recorderOrchidId } from './cameras/cameras';
import { MediaCameraProber } from './cameras/cameras-connect';
import { OnvifSettingsPusher } from './cameras/stream-settings-push';
import { CamerasStore } from './cameras/cameras-store';
import { StreamRecordingActions } from './cameras/stream-recording-health';
import { streamIngestControl } from './cameras/stream-ingest-control';
import { StreamStatusService } from './cameras/stream-status';
import { recoverArchives } from './archive/archive-recovery';
import { ArchiveQueries } from './archive/archive-queries';
import { createMediaLog, type MediaLog } from './core/media-log';
import { RotatingLogFile } from './core/log-file';
import { logRoutes } from './system/log-routes';
import { IngestSupervisor } from './ingest/ingest-supervisor';
import { RtspCredentialRelay } from './ingest/rtsp-credential-relay';
import { archiveRoutes } from './archive/archive-routes';
import { cameraRoutes } from './cameras/camera-routes';
import { discoveryRoutes } from './cameras/discovery-routes';
import { streamRoutes } from './cameras/stream-routes';
import { exportRoutes } from './export/export-routes';
import { ptzRoutes } from './ptz/ptz-routes';
import { startLiveMedia } from './live/live-media';
import { frameRoutes } from './live/frame-routes';
import { lowBandwidthRoutes } from './live/low-bandwidth-routes';
import { webRtcRoutes } from './live/webrtc-routes';
import { eventRoutes } from './events/event-routes';
import { motionMaskRoutes } from './motion/motion-mask-routes';
import { maskStreamSettings } from './cameras/mask-stream-settings';
import { createMotion } from './motion/attach-motion';

export interface RecorderServices {
  config: RecorderConfig;
  db: Db;
  users: UsersService;
  sessions: SessionsService;
  throttle: SignInThrottle;
  tickets: TicketIssuer;
  settings: SettingsStore;
  version: { basic: VersionInfo; all: VersionInfo };
  /** Every feature's routes, registered by app.ts in this order. */
  extraRoutes: Array<(app: FastifyInstance) => Promise<void>>;
  onClose: Array<() => Promise<void> | void>;
  cameras: CamerasService;
  /** The log file the request log and the media log also write to (System report log export). */
  logFile: RotatingLogFile;
  /** The media log (stderr), for what runs beside the HTTP app. */
  log: MediaLog;
  /** Starts every registered stream's ingest; main.ts calls it once anything the streams pull from is up. */
  startRecording: () => Promise<void>;
  /** Set on the first start when no admin password was given; printed once. */
  generatedAdminPassword: string | undefined;
}

export async function createServices(config: RecorderConfig, repoRoot: string): Promise<RecorderServices> {
  // The log file is made before anything logs; makeDataDirPrivate below narrows the data folder it sits in.
  const logFile = new RotatingLogFile(config.dataDir);
  const mediaLog = createMediaLog(config.logLevel, logFile);
  // The data folder and database are the recorder's alone; camera passwords are sealed with a key kept apart.
  const narrowed = makeDataDirPrivate(config.dataDir);
  if (narrowed > 0) mediaLog.warn(`the data folder was readable by others: ${narrowed} entries narrowed to the recorder's user`);
  const dbFile = path.join(config.dataDir, 'recorder.db');
  const db = openDatabase(dbFile);
  makeFilesPrivate([dbFile, `${dbFile}-wal`, `${dbFile}-shm`]);
  const settings = new SettingsStore(db);
  const secrets = openCameraPasswords(db, settings, config.secretsDir);
  if (secrets.keyCreated) mediaLog.info(`made the master key for camera passwords: ${secrets.keyFile}`);
  if (secrets.keyNarrowed) mediaLog.warn(`${secrets.keyFile} was readable by others; narrowed to 0600`);
  if (secrets.sealedNow > 0) mediaLog.info(`sealed ${secrets.sealedNow} camera passwords stored in plain text by an older recorder`);
  const users = new UsersService(db);
  const sessions = new SessionsService(db, users);
  const generatedAdminPassword = await users.ensureAdmin(config.adminPassword, generatePassword);
  sessions.deleteExpired();
  const throttle = new SignInThrottle();
  const tickets = new TicketIssuer(sessions);
  const routes: RecorderServices['extraRoutes'] = [];
  const onClose: RecorderServices['onClose'] = [];

  // Export, PTZ, retention and disk. Reconcile runs before any ingest writes, so no file being opened is adopted.
  const archiveIndex = new ArchiveIndex(db, config.dataDir);
  // Close segments a crash left active (at their real length) before anything else reads the index.
  await recoverArchives(archiveIndex);
  const camerasStore = new CamerasStore(db, secrets.passwords);
  const catalog = new RetentionCameraCatalog(camerasStore);
  const retentionIndex = new ArchiveRetentionIndex(db, archiveIndex, (streamId) => camerasStore.stream(streamId)?.cameraId);
  const retentionOverrides = new RetentionOverrides(db);
  await reconcileArchives(retentionIndex, { db });
  const exports = new ExportService({
    archives: archiveIndex,
    streams: catalog,
    archiveRoot: archiveIndex.archiveRoot,
    maxExportHours: () => config.maxExportHours,
  });
  const ptzClients = new OnvifPtzClients();
  const presetNames = new PtzPresetNames(db);
  const ptz = new PtzService(catalog, ptzClients, presetNames);
  const retention = { index: retentionIndex, cameras: catalog, overrides: retentionOverrides, dataDir: config.dataDir, statVolume };
  const disk = new DiskService({ ...retention, thresholdPercent: config.cleanerThresholdPercent });
  const cleaner = new RetentionCleaner({
    ...retention,
    db,
    thresholdPercent: config.cleanerThresholdPercent,
    intervalMs: config.cleanerIntervalSeconds * 1000,
  });
  cleaner.start();
  onClose.push(() => cleaner.stop());

  // Cameras, streams and ingest: one supervised ffmpeg per stream feeds the archive and the live hubs
  // (`ingest` is the LiveSources, `archiveIndex` the ArchiveLookup).
  // Camera credentials reach ffmpeg and ffprobe through a loopback relay, never their command lines.
  const relay = await RtspCredentialRelay.start();
  onClose.push(() => relay.close());
  const ingest = new IngestSupervisor({ index: archiveIndex, log: mediaLog, relay, ingest: { segmentSeconds: config.segmentSeconds } });
  // Motion hears of every stream start, change and removal through the ingest control; its masks change
  // stream settings through the cameras service, bound here once that service exists.
  const bound: { cameras?: CamerasService } = {};
  const motion = await createMotion({
    db,
    live: ingest,
    archives: archiveIndex,
    retention: retentionIndex,
    log: mediaLog,
    streams: maskStreamSettings(() => {
      if (!bound.cameras) throw new Error('the cameras service is not ready yet');
      return bound.cameras;
    }),
    catalog: {
      recordingConfiguration: (id) => camerasStore.stream(id)?.recordingConfiguration,
      streamExists: (id) => camerasStore.stream(id) !== undefined,
    },
  });
  const cameras = new CamerasService({
    store: camerasStore,
    prober: new MediaCameraProber(relay, mediaLog),
    // Changed Video settings of ONVIF streams are written to the camera before they are stored.
    settings: new OnvifSettingsPusher(mediaLog),
    ingest: motion.wrapIngest(ingest),
    lastWritten: (ids) => archiveIndex.lastWritten(ids),
    retention: retentionOverrides,
    probeOnvif,
    orchidId: recorderOrchidId(settings),
    rtspPort: config.rtspPort,
    // A deleted camera's preset names go, and so does its PTZ connection.
    onCameraDeleted: [(id) => presetNames.forgetCamera(id), (id) => ptzClients.forget(id)],
  });
  bound.cameras = cameras;
  motion.start();
  // onClose runs last-first: every ffmpeg stops, then the keeper and the detectors (open events close).
  onClose.push(() => motion.close());
  onClose.push(() => ingest.stopAll());

  // WebRTC, low-bandwidth streams, frames and the RTSP restream read the hubs and the archive index.
  const live = await startLiveMedia({
    host: config.host,
    rtspPort: config.rtspPort,
    live: ingest,
    archive: archiveIndex,
    credentials: { users, sessions, throttle },
  });
  onClose.push(() => live.close());
  const archiveQueries = new ArchiveQueries(archiveIndex);
  // System status: Restart ends a stream's ffmpeg so the supervisor respawns it; health reads the archive index.
  const streamStatus = new StreamStatusService({
    store: camerasStore,
    retryCount: (id) => ingest.status(id).retryCount,
    actions: new StreamRecordingActions(
      streamIngestControl({
        recordingConfiguration: (id) => camerasStore.stream(id)?.recordingConfiguration,
        ingest,
        lastWritten: (ids) => archiveIndex.lastWritten(ids),
      }),
    ),
  });

  // Every feature's routes, in one list (app.ts registers them in this order).
  routes.push(
    layoutRoutesFor(db),
    (app) => exportRoutes(app, { exports }),
    (app) => ptzRoutes(app, { ptz }),
    (app) => diskRoutes(app, { disk }),
    (app) => eventRoutes(app, { events: motion.events }),
    (app) => motionMaskRoutes(app, { masks: motion.masks }),
    (app) => cameraRoutes(app, { cameras: cameras }),
    (app) => streamRoutes(app, { cameras: cameras, streamStatus }),
    (app) => archiveRoutes(app, { archiveQueries }),
    (app) => discoveryRoutes(app, { cameras: cameras }),
    // Loopback as an extra host candidate lets viewers on the recorder's own machine connect.
    (app) => webRtcRoutes(app, { ...live.feedDeps, iceAdditionalHostAddresses: ['127.0.0.1'] }),
    (app) => lowBandwidthRoutes(app, { lowBandwidth: live.lowBandwidth }),
    (app) => frameRoutes(app, { frames: live.frames }),
    (app) => logRoutes(app, { logFile }),
  );
  const sweep = setInterval(() => {
    try {
      sessions.deleteExpired();
    } catch (error) {
      mediaLog.warn(`expired sessions were not removed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, 60 * 60 * 1000);
  sweep.unref();
  onClose.push(() => clearInterval(sweep));
  return {
    config,
    db,
    users,
    sessions,
    throttle,
    tickets,
    settings,
    version: loadVersionInfo(repoRoot, config.clientDir),
    extraRoutes: routes,
    onClose,
    cameras: cameras,
    logFile,
    log: mediaLog,
    startRecording: () => cameras.startAll(),
    generatedAdminPassword,
  };
}

export async function closeServices(services: RecorderServices): Promise<void> {
  for (const close of [...services.onClose].reverse()) await close();
  services.db.close();
  services.logFile.close();
}
