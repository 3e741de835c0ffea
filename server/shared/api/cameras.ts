/**
 * Cameras, streams, archives and discovery (spec 3, 4, 7). Request shapes
 * are TypeBox schemas: the recorder's routes validate with them and the
 * request types are derived from them, and the closed lists (drivers,
 * quirks) are written once here for the types, the schemas and the
 * recorder's own checks. Bounds are generous; spec 5's rules (name
 * required, URI form) are the domain's, so the person gets its wording.
 */
import { Type, type Static } from 'typebox';
import type { StreamRecordingHealth } from './operations';

export const CAMERA_DRIVERS = ['ONVIF', 'Generic RTSP'] as const;
export const CameraDriver = Type.Enum(CAMERA_DRIVERS, { type: 'string' });
export type CameraDriver = Static<typeof CameraDriver>;

/** Stream and camera states (spec 4). */
export type StreamState = 'idle' | 'starting' | 'running' | 'restarting' | 'stopping' | 'unknown' | 'unable to retrieve';

/** A capability of a stream setting (spec 3 capability types). */
export type Capability =
  | { type: 'string' }
  | { type: 'ip_address' }
  | { type: 'int'; min: number; max: number }
  | { type: 'float'; min: number; max: number }
  | { type: 'enum'; options: string[] }
  | { type: 'bool' };

/** Capabilities per stream category; names are BitRate, FrameRate, Quality, Encoder, Resolution, GOVLength, ... */
export interface StreamCapabilities {
  General?: Record<string, Capability>;
  Video?: Record<string, Capability>;
  Audio?: Record<string, Capability>;
}

export type TrueFalse = 'true' | 'false';

export interface PtzCapabilities {
  pan: TrueFalse;
  tilt: TrueFalse;
  zoom: TrueFalse;
  relativeFOV: TrueFalse;
  maxPresets: number;
}

export interface CameraCapabilities extends StreamCapabilities {
  camera: { PossibleStreams: number; PTZ: PtzCapabilities };
}

/** Video settings of a stream; Resolution is 'WIDTHxHEIGHT', BitRate kbit/s (0 = camera decides). */
export interface VideoConfiguration {
  Resolution?: string;
  FrameRate?: number;
  Encoder?: string;
  GOVLength?: number;
  Quality?: number;
  BitRate?: number;
  EncoderInterval?: number;
  Profile?: string;
}

export interface StreamConfiguration {
  Video?: VideoConfiguration;
  Audio?: Record<string, string | number | boolean>;
  /** Generic RTSP: Path is the RTSP path and query on the camera. */
  General?: { Path?: string };
  Options?: Record<string, string>;
  /** 'true': the stream cannot be deleted (the one stream of a Generic RTSP camera). */
  Fixed?: TrueFalse;
}

export type RecordingMode = 'ALL_FEATURES_MODE' | 'EMBEDDED_LITE_MODE' | 'PROXY_ONLY_MODE';

export interface RecordingConfiguration {
  mode: RecordingMode;
  motionReducer?: boolean;
  filesplit?: { motionMode?: number; recordState?: boolean };
  bgseg?: { boxArea?: number; motionMask?: { href: string } };
  decode?: { keyFramesOnly?: boolean };
}

/**
 * The five recording styles of spec 4, in the spec's order (the first is the
 * default): continuous with motion-adaptive frame rate, continuous with motion
 * detection, continuous without motion detection, record only on motion,
 * proxy only (live, no recording).
 */
export type RecordingStyle = 'continuous-motion-adaptive' | 'continuous-motion' | 'continuous' | 'motion-only' | 'proxy-only';

export interface StreamDewarpConfiguration {
  enable?: boolean;
  defaultMode?: 'perspective' | 'panorama';
  orientation?: 'ceiling' | 'floor' | 'wall';
  perspectiveDepth?: number;
  defaultPerspectiveView?: { pan: number; tilt: number; zoom: number };
  panoramaAspectRatio?: number;
  panoramaShift?: number;
}

export interface Stream {
  id: string;
  cameraId: string;
  name: string;
  /** `/service/streams/{id}` */
  href: string;
  /** `rtsp://{host}:{rtspPort}/orchid/live?id={id}` */
  rtsp: string;
  status: { streamState: StreamState };
  retryCount: number;
  /** Epoch ms of the newest recorded video, null when nothing was recorded. */
  lastArchiveWritten: number | null;
  recordingStyle: RecordingStyle;
  configuration: StreamConfiguration;
  recordingConfiguration: RecordingConfiguration;
  capabilities: StreamCapabilities;
  dewarpConfiguration: StreamDewarpConfiguration | null;
}

/**
 * Camera work-arounds (spec 3): see ptz/ptz-command.ts for what each changes.
 * Requests carry them as text so an unknown one is refused by name
 * ("Unknown quirk 'x'.") rather than by a schema message.
 */
export const CAMERA_QUIRKS = ['zoom-override', 'force-relative-ptz'] as const;
export type CameraQuirk = (typeof CAMERA_QUIRKS)[number];

export function isCameraQuirk(value: string): value is CameraQuirk {
  return (CAMERA_QUIRKS as readonly string[]).includes(value);
}

export interface CameraActions {
  playback: boolean;
  live: boolean;
  ptz: boolean;
  export: boolean;
}

export interface Camera {
  id: string;
  name: string;
  /** The id of the recorder (orchid) the camera belongs to. */
  orchidId: string;
  driver: CameraDriver;
  displayModel: string;
  configuration: { IPAddress: string; Manufacturer: string; Model: string; BaseUri: string };
  capabilities: CameraCapabilities;
  primaryStream: { id: string; href: string; rtsp: string; status: { streamState: StreamState } } | null;
  streams: Stream[];
  lastStreamState: StreamState;
  permissions: { actions: CameraActions };
  quirks: CameraQuirk[];
  /** Retention override in ms; 0 = none. */
  retention: number;
  defunct: boolean;
  features: { ptzPresets: boolean; dewarpConfiguration: boolean };
}

const text = (maxLength: number) => Type.String({ maxLength });

/**
 * Never answered by the server with the password; send it only when
 * registering or changing it. On a change, a connection without password
 * (or null) keeps the stored one. The URI is required on registration; the
 * domain says so (cameras-validation.ts).
 */
export const CameraConnection = Type.Object(
  {
    uri: Type.Optional(text(4096)),
    username: Type.Optional(text(1024)),
    password: Type.Optional(Type.Union([text(1024), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CameraConnection = Static<typeof CameraConnection>;

/** POST /service/cameras. `import`: keep the camera's current encoder settings (the recorder never changes them on registration). */
export const RegisterCameraBody = Type.Object(
  {
    driver: CameraDriver,
    connection: CameraConnection,
    name: Type.Optional(text(1024)),
    import: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RegisterCameraRequest = Static<typeof RegisterCameraBody>;

/**
 * PATCH /service/cameras/{id}. The client may echo the id back; it must
 * match the path. `retention` is ms, 0..10000 days (0 = no override), checked
 * by the retention settings.
 */
export const UpdateCameraBody = Type.Object(
  {
    id: Type.Optional(text(64)),
    name: Type.Optional(text(1024)),
    connection: Type.Optional(CameraConnection),
    primaryStream: Type.Optional(Type.Object({ id: text(64) })),
    retention: Type.Optional(Type.Number()),
    quirks: Type.Optional(Type.Array(text(64), { maxItems: 8 })),
  },
  { additionalProperties: false },
);
export type UpdateCameraRequest = Static<typeof UpdateCameraBody>;

export interface CamerasResponse {
  data: { cameras: Camera[] };
}

export interface CameraVerifyResult {
  success: boolean;
  message: string;
}

/** POST /service/cameras/{id}/streams and PUT (all of it) / PATCH (any part) of .../streams/{streamId}. */
export interface StreamRequest {
  id?: string;
  name?: string;
  configuration?: StreamConfiguration;
  /** Either a style or a recording configuration; a configuration matching no style is refused. */
  recordingStyle?: RecordingStyle;
  recordingConfiguration?: RecordingConfiguration;
  dewarpConfiguration?: StreamDewarpConfiguration | null;
}

export interface StreamsResponse {
  data: { streams: Stream[] };
}

/**
 * GET /service/streams/{id}/status, each of GET /service/streams/status and
 * the reply of POST /service/streams/{id}/restart (spec 3 "Active stream
 * status"): the state shows 'restarting' from a restart until the stream runs
 * again; retryCount counts every restart of its ingest.
 */
export interface StreamStatus extends StreamRecordingHealth {
  id: string;
  cameraId: string;
  name: string;
  streamState: StreamState;
  retryCount: number;
}

export interface StreamStatusesResponse {
  data: { streams: StreamStatus[] };
}

/** An archive segment (spec 3 "Archive"): epoch ms; `active` while it is being written. */
export interface Archive {
  id: number;
  streamId: string;
  start: number;
  end: number;
  active: boolean;
  sizeBytes: number;
}

export interface ArchivesResponse {
  data: { archives: Archive[] };
}

/** GET /service/archives/per-day?ids=a,b: minutes of video per local day ('YYYY-MM-DD'), at most 1440 per stream. */
export interface ArchivesPerDayResponse {
  archivesPerDay: Record<string, number>;
  streamsCount: number;
}

/** GET /service/discoverable/cameras?ip= or ?url=: where to probe for an ONVIF device. */
export const DiscoveryQuery = Type.Object({
  ip: Type.Optional(text(300)),
  url: Type.Optional(text(2048)),
});
export type DiscoveryQuery = Static<typeof DiscoveryQuery>;

/** A device found by GET /service/discoverable/cameras (spec 3 "Discovered camera"). */
export interface DiscoveredCamera {
  /** URL-encoded. */
  name: string;
  ip: string;
  /** The ONVIF device service URL. */
  url: string;
  /** The device answered with a usable service address. */
  configured: boolean;
  /** A camera with this address is already registered here. */
  registered: boolean;
}

export interface DiscoveredCamerasResponse {
  data: { cameras: DiscoveredCamera[] };
}
