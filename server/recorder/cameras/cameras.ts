/**
 * Cameras and their streams (spec 3, 5, 7): registration by ONVIF or Generic
 * RTSP, edits, delete, verify, and stream add/edit/delete, with every stream
 * kept running in the ingest as configured. Replies are API shapes for the
 * caller's role; the camera password is stored but never serialized.
 *
 * Export, PTZ and retention read the same tables through their own catalog
 * (retention/retention-camera-catalog.ts); what they keep per camera is
 * forgotten through `onCameraDeleted`. Stream status for system status is
 * cameras/stream-status.ts.
 *
 * Cost: registration and connection changes talk to the camera (see
 * cameras-connect.ts); everything else is SQLite and memory.
 */
import { randomUUID } from 'node:crypto';
import { CAMERA_DRIVERS, isCameraQuirk } from '../../shared/api/cameras';
import type {
  Camera,
  CameraVerifyResult,
  DiscoveredCamera,
  DiscoveryQuery,
  RegisterCameraRequest,
  Stream,
  StreamRequest,
  UpdateCameraRequest,
} from '../../shared/api';
import type { Role } from '../../shared/roles';
import type { IngestControl, IngestSpec } from '../core/media-contracts';
import { badRequest, conflict, notFound } from '../../common/api-error';
import { cameraCapabilities } from './capabilities';
import type { CameraProber, ProbedCamera } from './cameras-connect';
import { serializeCamera, serializeStream, type SerializeContext, type StreamRuntime } from './cameras-serialize';
import type { CameraRecord, CamerasStore, StreamRecord } from './cameras-store';
import { changedStream, checkDeletable, newStream, resolveRecording } from './cameras-streams';
import { discoverCameras, type OnvifProbe } from './cameras-discovery';
import { checkConnection, validateCameraName, type CleanConnection } from './cameras-validation';
import { DEFAULT_RECORDING_STYLE, recordsVideo, tryStyleOf } from '../../shared/recording-style';
import { OnvifSettingsPusher, pushesToCamera, videoChanged, type StreamSettingsPusher } from './stream-settings-push';
import { followProfiles } from './camera-recovery';
import { cameraListTag } from './camera-list-tag';

export interface RetentionPort {
  get(cameraId: string): number;
  /** Every camera's override (those with none are automatic, 0), in one read. */
  all(): Map<string, number>;
  /** Checks and stores; throws a 400 ApiError for a bad value. */
  set(cameraId: string, retentionMs: unknown): number;
  forget(cameraId: string): void;
}

export interface CamerasServiceDeps {
  store: CamerasStore;
  prober: CameraProber;
  ingest: IngestControl;
  lastWritten: (streamIds: readonly string[]) => Map<string, number>;
  retention: RetentionPort;
  /** Unicast WS-Discovery (GET /service/discoverable/cameras). */
  probeOnvif: OnvifProbe;
  orchidId: string;
  rtspPort: number;
  /** Writes changed Video settings of ONVIF streams to the camera; an OnvifSettingsPusher without a log when not given. */
  settings?: StreamSettingsPusher;
  /** Told after a camera is deleted, so what others keep per camera (PTZ preset names) goes with it. */
  onCameraDeleted?: ReadonlyArray<(cameraId: string) => void>;
  /** Most cameras the license allows (license/license-session.ts); no limit when not given. */
  cameraLimit?: () => number;
  /** The revision of the rows the camera list is made of (camera-list-revision.ts); without it the list has no tag. */
  listRevision?: () => number;
  now?: () => number;
}

/** Who asks and how they reached us (the RTSP URLs use that host). */
export interface Viewer {
  role: Role;
  /** Host without port, from the request's Host header. */
  host: string;
}

function check(message: string | undefined): void {
  if (message) throw badRequest(message);
}

function cleanConnection(driver: CameraRecord['driver'], connection: Parameters<typeof checkConnection>[1]): CleanConnection {
  const result = checkConnection(driver, connection);
  if (!result.ok) throw badRequest(result.message, 'invalid-connection');
  return result.connection;
}

export class CamerasService {
  private readonly now: () => number;
  private readonly settings: StreamSettingsPusher;
  /** The stream ids at one list revision (they change only with a write the revision counts). */
  private streamIdsAt: { revision: number; ids: string[] } | undefined;

  constructor(private readonly deps: CamerasServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.settings = deps.settings ?? new OnvifSettingsPusher();
  }

  /** Starts the ingest of every stream (at recorder start). */
  async startAll(): Promise<void> {
    for (const camera of this.deps.store.cameras()) {
      for (const stream of this.deps.store.streams(camera.id)) await this.deps.ingest.ensure(this.ingestSpec(camera, stream));
    }
  }

  private ingestSpec(camera: CameraRecord, stream: StreamRecord): IngestSpec {
    const style = tryStyleOf(stream.recordingConfiguration) ?? DEFAULT_RECORDING_STYLE;
    return {
      streamId: stream.id,
      cameraId: camera.id,
      sourceUri: stream.sourceUri,
      username: camera.username,
      password: camera.password,
      record: recordsVideo(style),
      // A change of what the camera encodes restarts the ingest, so the next segment starts with it.
      ...(pushesToCamera(camera, stream) ? { cameraSettings: JSON.stringify(stream.configuration.Video ?? {}) } : {}),
    };
  }

  /** The stream with its Video settings written to the camera when they differ from `before` (ONVIF); throws ApiError, storing nothing. */
  private async pushed(camera: CameraRecord, stream: StreamRecord, before: StreamRecord['configuration']['Video']): Promise<StreamRecord> {
    if (!pushesToCamera(camera, stream) || !videoChanged(before, stream.configuration.Video)) return stream;
    const applied = await this.settings.push(camera, stream, stream.configuration.Video ?? {});
    return { ...stream, configuration: { ...stream.configuration, Video: applied } };
  }

  private runtimeOf(lastWritten: Map<string, number>) {
    return (streamId: string): StreamRuntime => {
      const status = this.deps.ingest.status(streamId);
      return { streamState: status.streamState, retryCount: status.retryCount, lastArchiveWritten: lastWritten.get(streamId) ?? null };
    };
  }

  private context(viewer: Viewer, streamIds: readonly string[], retentionMs: (cameraId: string) => number = (id) => this.deps.retention.get(id)): SerializeContext {
    return {
      orchidId: this.deps.orchidId,
      rtspHost: viewer.host,
      rtspPort: this.deps.rtspPort,
      role: viewer.role,
      runtime: this.runtimeOf(this.deps.lastWritten(streamIds)),
      retentionMs,
    };
  }

  private cameraOrThrow(id: string): CameraRecord {
    const camera = this.deps.store.camera(id);
    if (!camera) throw notFound('Camera does not exist.', 'camera-not-found');
    return camera;
  }

  private show(camera: CameraRecord, viewer: Viewer): Camera {
    const streams = this.deps.store.streams(camera.id);
    return serializeCamera(camera, streams, this.context(viewer, streams.map((s) => s.id)));
  }

  /**
   * Every camera. The aggregator asks each of its recorders for this list at
   * once, so it reads the retention overrides in one query and groups the
   * streams once, rather than a query and a scan of every stream per camera.
   */
  list(viewer: Viewer): Camera[] {
    const streams = this.deps.store.streams();
    const overrides = this.deps.retention.all();
    const context = this.context(viewer, streams.map((s) => s.id), (id) => overrides.get(id) ?? 0);
    const byCamera = new Map<string, StreamRecord[]>();
    for (const stream of streams) {
      const own = byCamera.get(stream.cameraId);
      if (own) own.push(stream);
      else byCamera.set(stream.cameraId, [stream]);
    }
    return this.deps.store.cameras().map((camera) => serializeCamera(camera, byCamera.get(camera.id) ?? [], context));
  }

  /**
   * The ETag `list(viewer)` would be answered with (camera-list-tag.ts), read
   * without building the list; undefined when the service was made without a
   * revision. Read it in the same turn as the list it names: nothing may run
   * between them.
   */
  listTag(viewer: Viewer): string | undefined {
    const revision = this.deps.listRevision?.();
    if (revision === undefined) return undefined;
    if (this.streamIdsAt?.revision !== revision) this.streamIdsAt = { revision, ids: this.deps.store.streamIds() };
    const runtime = this.streamIdsAt.ids.map((id) => {
      const status = this.deps.ingest.status(id);
      return `${id}:${status.streamState}:${status.retryCount}`;
    });
    return cameraListTag([revision, viewer.role, viewer.host, ...runtime]);
  }

  get(id: string, viewer: Viewer): Camera {
    return this.show(this.cameraOrThrow(id), viewer);
  }

  async register(request: RegisterCameraRequest, viewer: Viewer): Promise<Camera> {
    if (!CAMERA_DRIVERS.includes(request.driver)) throw badRequest(`Unknown driver '${String(request.driver)}'.`);
    check(validateCameraName(request.name));
    const connection = cleanConnection(request.driver, request.connection);
    const existing = this.deps.store.cameras().find((c) => c.driver === request.driver && c.uri === connection.uri);
    if (existing) throw conflict(`This camera is already registered as '${existing.name}'.`, 'camera-exists');
    this.checkCameraLimit();
    const probed = await this.deps.prober.probe(request.driver, connection);
    // Checked again: the same camera may have been registered while we talked to it.
    if (this.deps.store.cameras().some((c) => c.driver === request.driver && c.uri === connection.uri)) {
      throw conflict('This camera is already registered.', 'camera-exists');
    }
    this.checkCameraLimit();
    const nowMs = this.now();
    const cameraId = randomUUID();
    const streams: StreamRecord[] = probed.streams.slice(0, probed.possibleStreams).map((p, position) => ({
      id: randomUUID(),
      cameraId,
      name: p.name,
      sourceUri: p.sourceUri,
      profileToken: p.profileToken,
      configuration: p.configuration,
      recordingConfiguration: resolveRecording({}),
      capabilities: p.capabilities,
      dewarpConfiguration: null,
      position,
      createdMs: nowMs,
    }));
    const camera: CameraRecord = {
      id: cameraId,
      // validateCameraName above has refused a missing name.
      name: (request.name as string).trim(),
      driver: request.driver,
      ...connection,
      ...this.probedFields(probed),
      quirks: [],
      primaryStreamId: streams[0]?.id ?? null,
      defunct: false,
      createdMs: nowMs,
      updatedMs: nowMs,
    };
    this.deps.store.insert(camera, streams);
    for (const stream of streams) await this.deps.ingest.ensure(this.ingestSpec(camera, stream));
    return this.show(camera, viewer);
  }

  /** Every registered camera counts, defunct ones too (they keep their archives and settings). */
  private checkCameraLimit(): void {
    const limit = this.deps.cameraLimit?.();
    if (limit === undefined) return;
    if (this.deps.store.cameras().length >= limit) {
      // 409, not 403: the caller may register cameras; the server's state (its license) refuses this one.
      throw conflict(
        `The server license allows ${limit} camera${limit === 1 ? '' : 's'}; remove a camera or upgrade the license to register another.`,
        'license-camera-limit',
      );
    }
  }

  private probedFields(probed: ProbedCamera): Pick<CameraRecord, 'ipAddress' | 'manufacturer' | 'model' | 'capabilities' | 'profiles'> {
    return {
      ipAddress: probed.ipAddress,
      manufacturer: probed.manufacturer,
      model: probed.model,
      capabilities: cameraCapabilities(probed.possibleStreams, probed.ptz, probed.streams[0]?.capabilities ?? {}),
      profiles: probed.streams,
    };
  }

  async update(id: string, request: UpdateCameraRequest, viewer: Viewer): Promise<Camera> {
    let camera = this.cameraOrThrow(id);
    if (request.id !== undefined && request.id !== id) throw badRequest('The camera id in the body does not match the path.');
    let streams = this.deps.store.streams(id);
    if (request.name !== undefined) {
      check(validateCameraName(request.name));
      camera = { ...camera, name: request.name.trim() };
    }
    if (request.primaryStream !== undefined) {
      if (!streams.some((s) => s.id === request.primaryStream!.id)) throw badRequest('The primary stream must be one of the camera’s streams.');
      camera = { ...camera, primaryStreamId: request.primaryStream.id };
    }
    if (request.quirks !== undefined) {
      const unknown = request.quirks.filter((q) => !isCameraQuirk(q));
      if (unknown.length > 0) throw badRequest(`Unknown quirk '${unknown[0]}'.`);
      camera = { ...camera, quirks: [...new Set(request.quirks.filter(isCameraQuirk))] };
    }
    let reconnect = false;
    if (request.connection !== undefined) {
      const merged = {
        uri: request.connection.uri ?? camera.uri,
        username: request.connection.username ?? camera.username,
        password: request.connection.password ?? camera.password,
      };
      const connection = cleanConnection(camera.driver, merged);
      // Recovery (spec 2): the camera is read again even at the same address, as its settings may have
      // changed outside the product. A failed read throws before anything is stored.
      const probed = await this.deps.prober.probe(camera.driver, connection);
      camera = { ...camera, ...connection, ...this.probedFields(probed) };
      streams = followProfiles(camera.driver, streams, probed);
      reconnect = true;
    }
    if (request.retention !== undefined) this.deps.retention.set(id, request.retention);
    camera = { ...camera, updatedMs: this.now() };
    this.deps.store.transaction(() => {
      this.deps.store.updateCamera(camera);
      if (reconnect) for (const stream of streams) this.deps.store.updateStream(stream);
    });
    if (reconnect) for (const stream of streams) await this.deps.ingest.ensure(this.ingestSpec(camera, stream));
    return this.show(camera, viewer);
  }

  /** Deletes the camera and stops its ingest; its archives stay until retention removes them. */
  async delete(id: string): Promise<void> {
    this.cameraOrThrow(id);
    const streams = this.deps.store.streams(id);
    this.deps.store.deleteCamera(id);
    this.deps.retention.forget(id);
    for (const listener of this.deps.onCameraDeleted ?? []) listener(id);
    for (const stream of streams) await this.deps.ingest.remove(stream.id);
  }

  /** Connects to the camera with the stored connection; a failure is an answer, not an error. */
  async verify(id: string): Promise<CameraVerifyResult> {
    const camera = this.cameraOrThrow(id);
    try {
      const probed = await this.deps.prober.probe(camera.driver, { uri: camera.uri, username: camera.username, password: camera.password });
      const what = [probed.manufacturer, probed.model].filter(Boolean).join(' ') || camera.driver;
      return { success: true, message: `Connected to ${what}: ${probed.streams.length} stream${probed.streams.length === 1 ? '' : 's'} available.` };
    } catch (error) {
      return { success: false, message: error instanceof Error ? error.message : 'The camera could not be reached.' };
    }
  }

  /** ONVIF devices answering a probe at one address, marked when already registered. */
  discover(query: DiscoveryQuery): Promise<DiscoveredCamera[]> {
    const registered = this.deps.store.cameras().filter((c) => c.driver === 'ONVIF').map((c) => c.uri);
    return discoverCameras(query, registered, this.deps.probeOnvif);
  }

  // Streams ----------------------------------------------------------------

  private streamOf(cameraId: string, streamId: string): { camera: CameraRecord; stream: StreamRecord } {
    const camera = this.cameraOrThrow(cameraId);
    const stream = this.deps.store.stream(streamId);
    if (!stream || stream.cameraId !== cameraId) throw notFound('Stream does not exist.', 'stream-not-found');
    return { camera, stream };
  }

  private showStream(stream: StreamRecord, viewer: Viewer): Stream {
    return serializeStream(stream, this.context(viewer, [stream.id]));
  }

  async addStream(cameraId: string, request: StreamRequest, viewer: Viewer): Promise<Stream> {
    const camera = this.cameraOrThrow(cameraId);
    const fresh = newStream(camera, this.deps.store.streams(cameraId), request, randomUUID(), this.now());
    const profile = camera.profiles.find((p) => p.profileToken !== null && p.profileToken === fresh.profileToken);
    const stream = await this.pushed(camera, fresh, profile?.configuration.Video ?? fresh.configuration.Video);
    this.deps.store.transaction(() => {
      this.deps.store.insertStream(stream);
      if (camera.primaryStreamId === null) this.deps.store.updateCamera({ ...camera, primaryStreamId: stream.id, updatedMs: this.now() });
    });
    await this.deps.ingest.ensure(this.ingestSpec(camera, stream));
    return this.showStream(stream, viewer);
  }

  async changeStream(cameraId: string, streamId: string, request: StreamRequest, replace: boolean, viewer: Viewer): Promise<Stream> {
    const { camera, stream } = this.streamOf(cameraId, streamId);
    const changed = await this.pushed(camera, changedStream(camera, stream, request, replace), stream.configuration.Video);
    this.deps.store.updateStream(changed);
    await this.deps.ingest.ensure(this.ingestSpec(camera, changed));
    return this.showStream(changed, viewer);
  }

  async deleteStream(cameraId: string, streamId: string): Promise<void> {
    const { camera, stream } = this.streamOf(cameraId, streamId);
    checkDeletable(stream);
    this.deps.store.transaction(() => {
      this.deps.store.deleteStream(stream.id);
      if (camera.primaryStreamId === stream.id) {
        const next = this.deps.store.streams(cameraId)[0];
        this.deps.store.updateCamera({ ...camera, primaryStreamId: next?.id ?? null, updatedMs: this.now() });
      }
    });
    await this.deps.ingest.remove(stream.id);
  }

  getStream(streamId: string, viewer: Viewer): Stream {
    const stream = this.deps.store.stream(streamId);
    if (!stream) throw notFound('Stream does not exist.', 'stream-not-found');
    return this.showStream(stream, viewer);
  }

  /** Every stream; with `liveOnly`, those of cameras that are not defunct. */
  listStreams(viewer: Viewer, liveOnly: boolean): Stream[] {
    const defunct = new Set(this.deps.store.cameras().filter((c) => c.defunct).map((c) => c.id));
    const streams = this.deps.store.streams().filter((s) => !liveOnly || !defunct.has(s.cameraId));
    const context = this.context(viewer, streams.map((s) => s.id));
    return streams.map((s) => serializeStream(s, context));
  }
}

export const ORCHID_ID_SETTING = 'orchid-id';

/** This recorder's id (cameras' orchidId), made once and kept in settings. */
export function recorderOrchidId(settings: { get(name: string): string | undefined; set(name: string, value: string): void }): string {
  const existing = settings.get(ORCHID_ID_SETTING);
  if (existing) return existing;
  const id = randomUUID();
  settings.set(ORCHID_ID_SETTING, id);
  return id;
}
