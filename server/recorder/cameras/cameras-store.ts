/**
 * Cameras and streams in SQLite (migration 002): plain records in, plain
 * records out. The password is sealed on its way into the table and opened
 * on its way out (core/secrets/camera-passwords.ts), so the file never holds it in
 * plain text; keeping it out of replies is the serializer's job
 * (cameras-serialize.ts).
 */
import type {
  CameraCapabilities,
  CameraDriver,
  CameraQuirk,
  RecordingConfiguration,
  StreamCapabilities,
  StreamConfiguration,
  StreamDewarpConfiguration,
} from '../../shared/api';
import type { Db } from '../core/db/database';
import type { CameraPasswords } from '../core/secrets/camera-passwords';
import type { ProbedStream } from './cameras-connect';

export interface CameraRecord {
  id: string;
  name: string;
  driver: CameraDriver;
  /** Connection URI without credentials. */
  uri: string;
  username: string;
  password: string;
  ipAddress: string;
  manufacturer: string;
  model: string;
  capabilities: CameraCapabilities;
  /** The streams the camera offers (its usable media profiles), as last found. */
  profiles: ProbedStream[];
  quirks: CameraQuirk[];
  primaryStreamId: string | null;
  defunct: boolean;
  createdMs: number;
  updatedMs: number;
}

export interface StreamRecord {
  id: string;
  cameraId: string;
  name: string;
  /** The camera's RTSP URI without credentials. */
  sourceUri: string;
  profileToken: string | null;
  configuration: StreamConfiguration;
  recordingConfiguration: RecordingConfiguration;
  capabilities: StreamCapabilities;
  dewarpConfiguration: StreamDewarpConfiguration | null;
  position: number;
  createdMs: number;
}

interface CameraRow {
  id: string;
  name: string;
  driver: CameraDriver;
  uri: string;
  username: string;
  password: string;
  ip_address: string;
  manufacturer: string;
  model: string;
  capabilities_json: string;
  profiles_json: string;
  quirks_json: string;
  primary_stream_id: string | null;
  defunct: number;
  created_ms: number;
  updated_ms: number;
}

interface StreamRow {
  id: string;
  camera_id: string;
  name: string;
  source_uri: string;
  profile_token: string | null;
  configuration_json: string;
  recording_configuration_json: string;
  capabilities_json: string;
  dewarp_configuration_json: string | null;
  position: number;
  created_ms: number;
}

function toCamera(row: CameraRow, passwords: CameraPasswords): CameraRecord {
  return {
    id: row.id,
    name: row.name,
    driver: row.driver,
    uri: row.uri,
    username: row.username,
    password: passwords.open(row.id, row.password),
    ipAddress: row.ip_address,
    manufacturer: row.manufacturer,
    model: row.model,
    capabilities: JSON.parse(row.capabilities_json) as CameraCapabilities,
    profiles: JSON.parse(row.profiles_json) as ProbedStream[],
    quirks: JSON.parse(row.quirks_json) as CameraQuirk[],
    primaryStreamId: row.primary_stream_id,
    defunct: row.defunct === 1,
    createdMs: row.created_ms,
    updatedMs: row.updated_ms,
  };
}

function toStream(row: StreamRow): StreamRecord {
  return {
    id: row.id,
    cameraId: row.camera_id,
    name: row.name,
    sourceUri: row.source_uri,
    profileToken: row.profile_token,
    configuration: JSON.parse(row.configuration_json) as StreamConfiguration,
    recordingConfiguration: JSON.parse(row.recording_configuration_json) as RecordingConfiguration,
    capabilities: JSON.parse(row.capabilities_json) as StreamCapabilities,
    dewarpConfiguration: row.dewarp_configuration_json === null ? null : (JSON.parse(row.dewarp_configuration_json) as StreamDewarpConfiguration),
    position: row.position,
    createdMs: row.created_ms,
  };
}

function cameraParams(c: CameraRecord, passwords: CameraPasswords): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    driver: c.driver,
    uri: c.uri,
    username: c.username,
    password: passwords.seal(c.id, c.password),
    ip_address: c.ipAddress,
    manufacturer: c.manufacturer,
    model: c.model,
    capabilities_json: JSON.stringify(c.capabilities),
    profiles_json: JSON.stringify(c.profiles),
    quirks_json: JSON.stringify(c.quirks),
    primary_stream_id: c.primaryStreamId,
    defunct: c.defunct ? 1 : 0,
    created_ms: c.createdMs,
    updated_ms: c.updatedMs,
  };
}

function streamParams(s: StreamRecord): Record<string, unknown> {
  return {
    id: s.id,
    camera_id: s.cameraId,
    name: s.name,
    source_uri: s.sourceUri,
    profile_token: s.profileToken,
    configuration_json: JSON.stringify(s.configuration),
    recording_configuration_json: JSON.stringify(s.recordingConfiguration),
    capabilities_json: JSON.stringify(s.capabilities),
    dewarp_configuration_json: s.dewarpConfiguration === null ? null : JSON.stringify(s.dewarpConfiguration),
    position: s.position,
    created_ms: s.createdMs,
  };
}

export class CamerasStore {
  constructor(
    private readonly db: Db,
    private readonly passwords: CameraPasswords,
  ) {}

  cameras(): CameraRecord[] {
    const rows = this.db.prepare('SELECT * FROM cameras ORDER BY name COLLATE NOCASE, created_ms').all() as CameraRow[];
    return rows.map((row) => toCamera(row, this.passwords));
  }

  camera(id: string): CameraRecord | undefined {
    const row = this.db.prepare('SELECT * FROM cameras WHERE id = ?').get(id) as CameraRow | undefined;
    return row && toCamera(row, this.passwords);
  }

  streams(cameraId?: string): StreamRecord[] {
    const rows =
      cameraId === undefined
        ? (this.db.prepare('SELECT * FROM streams ORDER BY camera_id, position').all() as StreamRow[])
        : (this.db.prepare('SELECT * FROM streams WHERE camera_id = ? ORDER BY position').all(cameraId) as StreamRow[]);
    return rows.map(toStream);
  }

  /** Every stream's id, without reading its row. */
  streamIds(): string[] {
    return this.db.prepare('SELECT id FROM streams ORDER BY id').pluck().all() as string[];
  }

  stream(id: string): StreamRecord | undefined {
    const row = this.db.prepare('SELECT * FROM streams WHERE id = ?').get(id) as StreamRow | undefined;
    return row && toStream(row);
  }

  /** Inserts a camera and its streams in one transaction. */
  insert(camera: CameraRecord, streams: readonly StreamRecord[]): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO cameras (id, name, driver, uri, username, password, ip_address, manufacturer, model,
             capabilities_json, profiles_json, quirks_json, primary_stream_id, defunct, created_ms, updated_ms)
           VALUES (@id, @name, @driver, @uri, @username, @password, @ip_address, @manufacturer, @model,
             @capabilities_json, @profiles_json, @quirks_json, @primary_stream_id, @defunct, @created_ms, @updated_ms)`,
        )
        .run(cameraParams(camera, this.passwords));
      for (const stream of streams) this.insertStream(stream);
    })();
  }

  updateCamera(camera: CameraRecord): void {
    this.db
      .prepare(
        `UPDATE cameras SET name = @name, driver = @driver, uri = @uri, username = @username, password = @password,
           ip_address = @ip_address, manufacturer = @manufacturer, model = @model, capabilities_json = @capabilities_json,
           profiles_json = @profiles_json, quirks_json = @quirks_json, primary_stream_id = @primary_stream_id, defunct = @defunct, updated_ms = @updated_ms
         WHERE id = @id`,
      )
      .run(cameraParams(camera, this.passwords));
  }

  deleteCamera(id: string): void {
    this.db.prepare('DELETE FROM cameras WHERE id = ?').run(id);
  }

  insertStream(stream: StreamRecord): void {
    this.db
      .prepare(
        `INSERT INTO streams (id, camera_id, name, source_uri, profile_token, configuration_json,
           recording_configuration_json, capabilities_json, dewarp_configuration_json, position, created_ms)
         VALUES (@id, @camera_id, @name, @source_uri, @profile_token, @configuration_json,
           @recording_configuration_json, @capabilities_json, @dewarp_configuration_json, @position, @created_ms)`,
      )
      .run(streamParams(stream));
  }

  updateStream(stream: StreamRecord): void {
    this.db
      .prepare(
        `UPDATE streams SET name = @name, source_uri = @source_uri, profile_token = @profile_token,
           configuration_json = @configuration_json, recording_configuration_json = @recording_configuration_json,
           capabilities_json = @capabilities_json, dewarp_configuration_json = @dewarp_configuration_json,
           position = @position
         WHERE id = @id`,
      )
      .run(streamParams(stream));
  }

  deleteStream(id: string): void {
    this.db.prepare('DELETE FROM streams WHERE id = ?').run(id);
  }

  /** Runs `work` in one transaction. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}
