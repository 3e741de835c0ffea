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
import { makeDataDirPrivate, makeFilesPrivate } from '../common/secrets/private-files';
import { generatePassword } from '../common/identity/passwords';
import { SessionsService } from './identity/sessions';
import { JwtSessions } from './identity/jwt-sessions';
import { TrustedIssuerStore } from './identity/trusted-issuer';
import { identityRoutes } from './identity/identity-routes';
import { SettingsStore } from './core/settings';
import { shiftedClock, type Clock } from './core/shifted-clock';
import { SignInThrottle } from '../common/identity/sign-in-throttle';
import { recorderTickets, type RecorderTickets } from './identity/tickets';
import { UsersService } from './identity/users';
import { loadVersionInfo } from './system/version-info';
import { layoutRoutes } from '../common/layouts/layout-routes';
import { LayoutsService } from './layouts/layouts';
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
import { StreamRecordingActions, type StreamIngestControl } from './cameras/stream-recording-health';
import { streamIngestControl } from './cameras/stream-ingest-control';
import { CameraListRevision } from './cameras/camera-list-revision';
import { StreamStatusService } from './cameras/stream-status';
import { recoverArchives } from './archive/archive-recovery';
import { ArchiveQueries } from './archive/archive-queries';
import { createMediaLog, type MediaLog } from './core/media-log';
import { RotatingLogFile } from './core/log-file';
import { logRoutes } from './system/log-routes';
import { logLevelRoutes } from './system/log-level-routes';
import { ControlledRestart } from './system/properties/controlled-restart';
import { propertiesRoutes } from './system/properties/properties-routes';
import { keepLogLevelIn } from './system/log-level-setting';
import { LogLevel, specLevelName } from './core/log-level';
import { ClientDeployment } from './system/client-deployment';
import { clientUpdateRoutes } from './system/client-update-routes';
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
import { SystemEvents } from './system/system-events';
import { eventMessages, streamLabel } from './system/event-messages';
import { ReportStats } from './system/report-stats';
import { reportRoutes } from './system/report-routes';
import { licensedIngest } from './license/license-guard';
import { licenseRoutes } from './license/license-routes';
import { LicenseSessionService } from './license/license-session';
import { recorderMachineId } from './license/machine-id';
import { checkStorage } from './license/storage-marker';
import { RECORDING_STYLES, DEFAULT_RECORDING_STYLE, configurationFor } from '../shared/recording-style';
import type { DiscoverableOrchid } from '../shared/api';

/** How often a running recorder checks its license expiry and its storage marker. */
const LICENSE_RECHECK_MS = 60_000;

export interface RecorderServices {
  config: RecorderConfig;
  db: Db;
  users: UsersService;
  sessions: SessionsService;
  throttle: SignInThrottle;
  tickets: RecorderTickets;
  settings: SettingsStore;
  version: { basic: VersionInfo; all: VersionInfo };
  /** The served web client: the shipped one or an uploaded one (app.ts serves its root). */
  client: ClientDeployment;
  /** Every feature's routes, registered by app.ts in this order. */
  extraRoutes: Array<(app: FastifyInstance) => Promise<void>>;
  onClose: Array<() => Promise<void> | void>;
  cameras: CamerasService;
  /** The log file the request log and the media log also write to (System report log export). */
  logFile: RotatingLogFile;
  /** The log level every log reads (Advanced settings changes it at once). */
  logLevel: LogLevel;
  /** The media log (stderr), for what runs beside the HTTP app. */
  log: MediaLog;
  /** Starts every registered stream's ingest; main.ts calls it once anything the streams pull from is up. */
  startRecording: () => Promise<void>;
  /** The license session; `onChange` is where license events are recorded. */
  license: LicenseSessionService;
  /** Set on the first start when no admin password was given; printed once. */
  generatedAdminPassword: string | undefined;
  /** The System report's server and stream events (licensing records 'license-changed' and 'license-degraded' here). */
  systemEvents: SystemEvents;
  /** Sign-ins checked against a password, told by the sign-in route (System report events). */
  onSignIn: (attempt: { username: string; address: string; succeeded: boolean }) => void;
  /** The controlled restart a property save asks for, and the confirmation deadline (main.ts installs the restart). */
  restart: ControlledRestart;
  /** The issuer whose JWTs open sessions here (GET /service/identity); the aggregator attaches itself through it. */
  trustedIssuer: TrustedIssuerStore;
  /** This recorder's server id (its cameras' orchidId): the audience its JWTs must name. */
  serverId: string;
  /** The recorder's clock (the machine's moved by --clock-offset-seconds): every service tells time by it. */
  now: Clock;
}

export async function createServices(config: RecorderConfig, repoRoot: string): Promise<RecorderServices> {
  // The log file is made before anything logs; makeDataDirPrivate below narrows the data folder it sits in.
  const now = shiftedClock(config.clockOffsetSeconds);
  const logFile = new RotatingLogFile(config.dataDir);
  const logLevel = new LogLevel(specLevelName(config.logLevel));
  const mediaLog = createMediaLog(logLevel, logFile);
  // The data folder and database are the recorder's alone; camera passwords are sealed with a key kept apart.
  const narrowed = makeDataDirPrivate(config.dataDir);
  if (narrowed > 0) mediaLog.warn(`the data folder was readable by others: ${narrowed} entries narrowed to the recorder's user`);
  const dbFile = path.join(config.dataDir, 'recorder.db');
  const db = openDatabase(dbFile);
  makeFilesPrivate([dbFile, `${dbFile}-wal`, `${dbFile}-shm`]);
  const settings = new SettingsStore(db);
  keepLogLevelIn(settings, logLevel);
  // Events are a side channel: recording one never throws into the code it hears from.
  const systemEvents = new SystemEvents(db, { log: mediaLog, now });
  systemEvents.start();
  const secrets = openCameraPasswords(db, settings, config.secretsDir);
  if (secrets.keyCreated) mediaLog.info(`made the master key for camera passwords: ${secrets.keyFile}`);
  if (secrets.keyNarrowed) mediaLog.warn(`${secrets.keyFile} was readable by others; narrowed to 0600`);
  if (secrets.sealedNow > 0) mediaLog.info(`sealed ${secrets.sealedNow} camera passwords stored in plain text by an older recorder`);
  const users = new UsersService(db);
  // The trusted issuer's JWTs are sessions too; their audience is this recorder's server id.
  const serverId = recorderOrchidId(settings);
  const trustedIssuer = new TrustedIssuerStore(settings);
  if (config.trustedIssuer !== undefined && config.trustedIssuerKeyPem !== undefined) {
    const attached = trustedIssuer.attach({ name: config.trustedIssuer, publicKeyPem: config.trustedIssuerKeyPem }, 'option');
    mediaLog.info(`trusting tokens of issuer '${attached.name}' (${attached.algorithm}) for audience ${serverId}`);
  }
  const jwtSessions = new JwtSessions({ issuers: trustedIssuer, audience: serverId, now });
  const sessions = new SessionsService(db, users, now, jwtSessions);
  const generatedAdminPassword = await users.ensureAdmin(config.adminPassword, generatePassword);
  sessions.deleteExpired();
  const throttle = new SignInThrottle();
  const tickets = recorderTickets(sessions);
  const routes: RecorderServices['extraRoutes'] = [];
  // Uploaded clients live with the recorder's data; the shipped client folder is never written.
  const client = new ClientDeployment(config.clientDir, path.join(config.dataDir, 'client'));
  client.init();
  const onClose: RecorderServices['onClose'] = [];

  const camerasStore = new CamerasStore(db, secrets.passwords);
  // Before anything writes the rows the camera list is made of, so the list's tag misses no write.
  const listRevision = new CameraListRevision(db);
  // "Stream 'Main' of camera 'Lobby'" for the stream events; the id when the stream is gone.
  const labelOf = (streamId: string): string => {
    const stream = camerasStore.stream(streamId);
    const camera = stream && camerasStore.camera(stream.cameraId);
    return streamLabel(stream && camera ? { cameraName: camera.name, streamName: stream.name } : undefined, streamId);
  };

  // Export, PTZ, retention and disk. Reconcile runs before any ingest writes, so no file being opened is adopted.
  const archiveIndex = new ArchiveIndex(db, config.dataDir, {
    onGap: (gap) => systemEvents.stream('archive-gap', gap.streamId, eventMessages.archiveGap(labelOf(gap.streamId), gap.toMs - gap.fromMs), gap.toMs),
  });
  // The license session and the storage check come before anything touches the archives: on another disk
  // the reconcile below would drop every index row whose file it cannot find.
  const license = new LicenseSessionService({
    settings,
    machineId: recorderMachineId(settings),
    issuerPublicKey: config.licenseIssuerKeyPem,
    storage: checkStorage(archiveIndex.archiveRoot, settings),
    recheckStorage: () => checkStorage(archiveIndex.archiveRoot, settings),
    now,
  });
  const degraded = license.isDegraded();
  if (degraded) {
    mediaLog.warn(`license degraded: ${license.session().state.description}`);
    systemEvents.orchid('license-degraded', eventMessages.licenseDegraded(license.session().state.description));
  }
  // Close segments a crash left active (at their real length) before anything else reads the index.
  if (!degraded) await recoverArchives(archiveIndex);
  const catalog = new RetentionCameraCatalog(camerasStore);
  const retentionIndex = new ArchiveRetentionIndex(db, archiveIndex, (streamId) => camerasStore.stream(streamId)?.cameraId);
  const retentionOverrides = new RetentionOverrides(db);
  if (!degraded) await reconcileArchives(retentionIndex, { db, now });
  const exports = new ExportService({
    archives: archiveIndex,
    streams: catalog,
    archiveRoot: archiveIndex.archiveRoot,
    maxExportHours: () => config.maxExportHours,
    now,
  });
  const ptzClients = new OnvifPtzClients();
  const presetNames = new PtzPresetNames(db);
  const ptz = new PtzService(catalog, ptzClients, presetNames);
  const retention = { index: retentionIndex, cameras: catalog, overrides: retentionOverrides, dataDir: config.dataDir, statVolume };
  const disk = new DiskService({ ...retention, thresholdPercent: config.cleanerThresholdPercent, now });
  const cleaner = new RetentionCleaner({
    ...retention,
    db,
    thresholdPercent: config.cleanerThresholdPercent,
    intervalMs: config.cleanerIntervalSeconds * 1000,
    onRemoved: (run) => systemEvents.orchid('cleaner-run', eventMessages.cleanerRun(run.segments, run.bytes, run.reason)),
    onOverThreshold: (over) => systemEvents.orchid('disk-threshold', eventMessages.diskThreshold(over.thresholdPercent, over.nothingLeftToRemove)),
    archiveCapBytes: () => license.retentionCapBytes(),
    now,
  });
  // Degraded: the cleaner does not run (spec 3: recording and cleaning stop).
  if (!degraded) cleaner.start();
  onClose.push(() => cleaner.stop());

  // Cameras, streams and ingest: one supervised ffmpeg per stream feeds the archive and the live hubs
  // (`ingest` is the LiveSources, `archiveIndex` the ArchiveLookup).
  // Camera credentials reach ffmpeg and ffprobe through a loopback relay, never their command lines.
  const relay = await RtspCredentialRelay.start();
  onClose.push(() => relay.close());
  const supervisor = new IngestSupervisor({
    index: archiveIndex,
    log: mediaLog,
    relay,
    ingest: {
      segmentSeconds: config.segmentSeconds,
      // Archive segment times and live frame times are this recorder's clock.
      now,
      onRunChange: (run) =>
        run.change === 'up'
          ? systemEvents.stream('stream-up', run.streamId, eventMessages.streamUp(labelOf(run.streamId), { recording: run.record, again: run.again }))
          : systemEvents.stream('stream-down', run.streamId, eventMessages.streamDown(labelOf(run.streamId), run.reason)),
    },
  });
  // Every start and restart of a stream passes the license: degraded, nothing runs and every stream shows idle.
  const ingest = Object.assign(licensedIngest(supervisor, () => license.isDegraded()), {
    source: supervisor.source.bind(supervisor),
    audio: supervisor.audio.bind(supervisor),
    exists: supervisor.exists.bind(supervisor),
    stopAll: supervisor.stopAll.bind(supervisor),
  });
  // Motion hears of every stream start, change and removal through the ingest control; its masks change
  // stream settings through the cameras service, bound here once that service exists.
  const bound: { cameras?: CamerasService } = {};
  const motion = await createMotion({
    db,
    live: ingest,
    archives: archiveIndex,
    retention: retentionIndex,
    log: mediaLog,
    touchArchives: !degraded,
    now,
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
    orchidId: serverId,
    rtspPort: config.rtspPort,
    // A deleted camera's preset names go, and so does its PTZ connection.
    onCameraDeleted: [(id) => presetNames.forgetCamera(id), (id) => ptzClients.forget(id)],
    cameraLimit: () => license.cameraLimit(),
    listRevision: () => listRevision.value,
    now,
  });
  bound.cameras = cameras;
  // The archive keeper rewrites and removes archives: a kind of cleaning, so not while degraded.
  if (!degraded) motion.start();
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
    now,
  });
  onClose.push(() => live.close());
  const archiveQueries = new ArchiveQueries(archiveIndex);
  // System status: Restart ends a stream's ffmpeg so the supervisor respawns it; health reads the archive index.
  const streamStatus = new StreamStatusService({
    store: camerasStore,
    retryCount: (id) => ingest.status(id).retryCount,
    actions: new StreamRecordingActions(
      restartRecorded(
        streamIngestControl({
          recordingConfiguration: (id) => camerasStore.stream(id)?.recordingConfiguration,
          ingest,
          lastWritten: (ids) => archiveIndex.lastWritten(ids),
        }),
        (id) => systemEvents.stream('stream-restarted', id, eventMessages.streamRestarted(labelOf(id))),
      ),
      now,
    ),
  });

  // A license that expires, or storage that goes away, while running: recording and cleaning stop then too.
  license.onChange((change, session) => {
    if (change === 'added') systemEvents.orchid('license-changed', eventMessages.licenseAdded());
    if (change === 'removed') systemEvents.orchid('license-changed', eventMessages.licenseRemoved());
    if (change !== 'degraded') return;
    systemEvents.orchid('license-degraded', eventMessages.licenseDegraded(session.state.description));
    mediaLog.warn(`license degraded: ${session.state.description}`);
    void cleaner.stop();
    void supervisor.stopAll();
  });
  const recheck = setInterval(() => {
    try {
      license.recheck();
    } catch (error) {
      mediaLog.warn(`the license was not rechecked: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, LICENSE_RECHECK_MS);
  recheck.unref();
  onClose.push(() => clearInterval(recheck));
  const discoverableOrchid = (): DiscoverableOrchid => {
    const session = license.session();
    return {
      machineId: session.machineId,
      iceServers: [],
      licenseSession: session,
      recordingCapabilities: { styles: RECORDING_STYLES, defaultStyle: DEFAULT_RECORDING_STYLE, defaults: configurationFor(DEFAULT_RECORDING_STYLE) },
      activationUrl: config.activationUrl || null,
    };
  };

  const restart = new ControlledRestart(config.dataDir, config.propertiesConfirmSeconds * 1000, mediaLog);
  onClose.push(() => restart.stopTimer());
  // Every feature's routes, in one list (app.ts registers them in this order).
  routes.push(
    (app) => layoutRoutes(app, { layouts: new LayoutsService(db) }),
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
    (app) => logLevelRoutes(app, { logLevel }),
    (app) => propertiesRoutes(app, { config, restart }),
    (app) =>
      reportRoutes(app, {
        cameras: () => camerasStore.cameras().map((c) => ({ id: c.id, name: c.name })),
        streams: (cameraId) => camerasStore.streams(cameraId).map((s) => ({ id: s.id, name: s.name })),
        stats: new ReportStats(db),
        events: systemEvents,
      }),
    (app) => clientUpdateRoutes(app, { client }),
    (app) => licenseRoutes(app, { license, discoverableOrchid }),
    (app) =>
      identityRoutes(app, {
        jwtSessions,
        trustedIssuer,
        audience: serverId,
        onIssuerChange: (change) =>
          mediaLog.info(change.attached ? `trusting tokens of issuer '${change.issuer}' for audience ${serverId}` : 'detached from the trusted issuer'),
      }),
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
  // Runs first-registered last: the events' timers stop (and left-out counts are written) after everything else.
  onClose.unshift(() => systemEvents.stop());
  const version = loadVersionInfo(repoRoot, config.clientDir);
  systemEvents.orchid('server-started', eventMessages.serverStarted(version.basic.version));
  return {
    config,
    db,
    users,
    sessions,
    throttle,
    tickets,
    settings,
    version,
    client,
    extraRoutes: routes,
    onClose,
    cameras: cameras,
    logFile,
    logLevel,
    log: mediaLog,
    // Degraded, the licensed ingest starts nothing; asked here too so the start says why.
    startRecording: async () => {
      if (license.isDegraded()) mediaLog.warn('recording is not started: the server license is degraded');
      else await cameras.startAll();
    },
    license,
    generatedAdminPassword,
    systemEvents,
    restart,
    trustedIssuer,
    serverId,
    now,
    onSignIn: (attempt) =>
      attempt.succeeded
        ? systemEvents.orchid('sign-in', eventMessages.signIn(attempt.username, attempt.address))
        : systemEvents.orchid('sign-in-failed', eventMessages.signInFailed(attempt.username, attempt.address)),
  };
}

/** The ingest control with each restart it sends told to `onRestart` (System report 'stream-restarted'). */
function restartRecorded(control: StreamIngestControl, onRestart: (streamId: string) => void): StreamIngestControl {
  return {
    state: (id) => control.state(id),
    lastArchiveMs: (id) => control.lastArchiveMs(id),
    recording: (id) => control.recording(id),
    restart: (id) => {
      onRestart(id);
      return control.restart(id);
    },
  };
}

const stopRecorded = new WeakSet<RecorderServices>();

/**
 * Records the controlled stop (System report 'server-stopped') once. main.ts
 * calls it as the stop begins, before the HTTP server drains, so a stop that
 * is cut short later still has its event; a crash has none.
 */
export function recordStop(services: RecorderServices): void {
  if (stopRecorded.has(services)) return;
  stopRecorded.add(services);
  services.systemEvents.orchid('server-stopped', eventMessages.serverStopped());
}

export async function closeServices(services: RecorderServices): Promise<void> {
  recordStop(services);
  for (const close of [...services.onClose].reverse()) await close();
  services.db.close();
  services.logFile.close();
}
