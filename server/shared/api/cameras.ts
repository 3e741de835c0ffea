/**
 * Cameras, archives and discovery (spec 3, 7); a camera's streams are in
 * streams.ts. Request shapes are TypeBox schemas: the recorder's routes
 * validate with them and the request types are derived from them, and the
 * closed lists (drivers, quirks) are written once here for the types, the
 * schemas and the recorder's own checks. Bounds are generous; spec 5's
 * rules (name required, URI form) are the domain's, so the person gets its
 * wording.
 */
import { Type, type Static } from 'typebox';
import type { Stream, StreamCapabilities, StreamState, TrueFalse } from './streams';

export const CAMERA_DRIVERS = ['ONVIF', 'Generic RTSP'] as const;
export const CameraDriver = Type.Enum(CAMERA_DRIVERS, { type: 'string' });
export type CameraDriver = Static<typeof CameraDriver>;

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

/** GET /service/archives?streamId=&take=&start=: a stream's archives from `start` (epoch ms) on. */
export const ArchivesQuery = Type.Object({
  streamId: Type.Optional(text(64)),
  take: Type.Optional(Type.Integer({ minimum: 1 })),
  start: Type.Optional(Type.Number({ minimum: 0 })),
});
export type ArchivesQuery = Static<typeof ArchivesQuery>;

/** The most streams one per-day question may name. */
export const MAX_PER_DAY_STREAMS = 256;

/** GET /service/archives/per-day: `ids` comma-separated stream ids (a repeated parameter arrives as a list); start and stop epoch ms. */
export const PerDayQuery = Type.Object({
  ids: Type.Optional(Type.Union([text(20_000), Type.Array(text(64), { maxItems: MAX_PER_DAY_STREAMS })])),
  start: Type.Optional(Type.Number({ minimum: 0 })),
  stop: Type.Optional(Type.Number({ minimum: 0 })),
});
export type PerDayQuery = Static<typeof PerDayQuery>;

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
