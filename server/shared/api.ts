/**
 * Request and response shapes of spec point 7, one definition each, imported
 * by the client (src/api) and the servers. Plain types only: no runtime code
 * that would pull server modules into the browser bundle.
 */
import type { Role } from './roles';

/** Every error reply: a stable code and a human-readable reason (spec 8 wording where given). */
export interface ApiError {
  code: string;
  reason: string;
}

export type ServerMode = 'single-server' | 'multi-server';

export type TokenType = 'jwt' | 'sid' | 'fsid';

export interface SignInRequest {
  username: string;
  password: string;
  /** 'persistent' when the user ticked stay-signed-in. */
  cookie: 'persistent' | 'session';
  /** Seconds; default 2592000 (30 days). */
  expiresIn?: number;
  type: 'user';
}

export interface Session {
  id: string;
  owner: { id: string };
  /** The username. */
  name: string;
  token: string;
  tokenType: TokenType;
  role: Role;
  /** Epoch ms when the token stops working. */
  expiresAt: number;
}

export interface User {
  id: string;
  username: string;
  role: Role;
  email?: string | null;
  /** True for the built-in administrator: username and role locked, cannot be deleted. */
  superUser: boolean;
  admin: boolean;
}

export interface CreateUserRequest {
  username: string;
  password: string;
  passwordConfirm?: string;
  role?: string;
  email?: string | null;
}

/** A null or blank password leaves the password unchanged (spec 5). */
export interface UpdateUserRequest {
  username?: string;
  password?: string | null;
  passwordConfirm?: string | null;
  role?: string;
  email?: string | null;
}

export interface UsersResponse {
  data: { users: User[] };
}

export interface PingResponse {
  ok: true;
  mode: ServerMode;
}

export interface VersionInfo {
  version: string;
  buildInfo: { target: string; hash: string; user: string; host: string };
  buildDate: string;
  /** HTML, rendered by the version page. Present with ?all=true. */
  changelog?: string;
  eula?: string;
  acknowledgements?: string;
}

export interface TimeResponse {
  time: number;
}

export interface TimeExtendedResponse {
  time: number;
  /** IANA zone name of the server. */
  tz: string;
  /** Minutes east of UTC, as Date#getTimezoneOffset would give negated. */
  tzOffset: number;
}

/** What the serving server tells the client before sign-in (mode, branding). */
export interface ServerAbout {
  mode: ServerMode;
  version: string;
  greeting: string | null;
  agreement: { title: string; href: string } | null;
  authProviders: Array<'google.sign.in' | 'azure.active.directory'>;
  rtspPort: number;
  rtspProtocol: 'rtsp';
  maxExportHours: number;
}

// ---- Live and recorded video (spec 7: WebRTC messages, low-bandwidth streams) ----

/** Correlates a reply with the client message it answers; the client chooses it. */
export type MessageId = string | number;

/** An ICE candidate as RTCIceCandidate#toJSON gives it. */
export interface IceCandidateInit {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}

/**
 * Client to server on /service/streams/webrtc. `time` is epoch ms, 0 for live;
 * `rate` the playback speed; `waitThres` how long (ms) the client waits for
 * video, also the largest archive gap the server bridges.
 */
export type WebRtcClientMessage =
  | { type: 'create'; streamId: string; time: number; rate: number; waitThres: number; messageId: MessageId }
  | { type: 'answer'; sdp: string; messageId: MessageId }
  | { type: 'ice_candidate'; candidate: IceCandidateInit; messageId: MessageId };

/** Server to client on /service/streams/webrtc; messageId echoes the message it answers (null when unreadable). */
export type WebRtcServerMessage =
  | { type: 'offer'; sdp: string; messageId: MessageId }
  | { type: 'ice_candidate'; candidate: IceCandidateInit; messageId: MessageId }
  | { type: 'error'; code: string; reason: string; messageId: MessageId | null }
  | { type: 'incompatible'; reason: string; messageId: MessageId | null };

export interface CreateLowBandwidthStreamRequest {
  streamId: string;
  resolution: { width: number; height: number };
  /** Epoch ms; 0 for live. */
  startTime: number;
  /** Frames per second. */
  rate: number;
  waitThres?: number;
  transport: 'websocket-base64';
}

export interface CreateLowBandwidthStreamResponse {
  id: string;
}

export type LowBandwidthStatus = 'starting' | 'ready' | 'failed';

/** GET /service/low-bandwidth/streams/{id}; the client polls until ready or failed (spec 4). */
export interface LowBandwidthStream {
  id: string;
  state: { status: LowBandwidthStatus; description: string };
}

// ---------------------------------------------------------------------------
// Stages (spec 3 "Stage", spec 6 "Stages"): /service/layouts and the stage matrix.

/** A camera held by a stage cell. `orchidId` names the server (recorder) that serves it. */
export interface StageCamera {
  id: string;
  orchidId: string;
}

/** Dewarp mode of a stage cell: 0 off, 1 perspective, 2 panorama. */
export type DewarpMode = 0 | 1 | 2;

/**
 * One cell of the stage matrix. A claimed cell holds a camera and may span
 * several columns and rows; the positions it covers hold empty cells with
 * spans of 1 (placeholders), so the matrix stays rectangular.
 */
export interface StageCell {
  camera: StageCamera | null;
  columnSpan: number;
  rowSpan: number;
  /** Force low-bandwidth playback for this cell. */
  forceLbm: boolean;
  dewarpMode: DewarpMode;
}

/** Rows of cells; every row has the same length. */
export type StageMatrix = StageCell[][];

/** A saved stage as the server keeps it. `cameras` is derived from the matrix by the server. */
export interface Layout {
  id: string;
  name: string;
  shared: boolean;
  stageMatrix: StageMatrix;
  cameras: StageCamera[];
  /** Null when the owner's account was deleted (the stage stays while shared). */
  owner: { id: string; name: string } | null;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

export interface LayoutsResponse {
  data: { layouts: Layout[] };
}

/** `cameras` may be echoed back by a client; it is ignored and derived again. */
export interface CreateLayoutRequest {
  name: string;
  shared?: boolean;
  stageMatrix: StageMatrix;
  cameras?: StageCamera[];
}

export interface UpdateLayoutRequest {
  id?: string;
  name?: string;
  shared?: boolean;
  stageMatrix?: StageMatrix;
  cameras?: StageCamera[];
}

// ---------------------------------------------------------------------------
// Export, PTZ, retention and disk (spec 3, 5, 7, 9).

/**
 * GET (and HEAD) /service/streams/{id}/export?start=&stop=&format=. Times are
 * epoch ms. The reply is the video file itself (Content-Disposition
 * attachment); HEAD answers 200 when archives exist in the range, else 404.
 * Authorised by a Bearer session, `sid` (session token) or `jwt` (HS256,
 * claims sub = user id and exp) for downloads opened in a new window.
 */
export type ExportFormat = 'mkv' | 'mov';

export interface ExportQuery {
  start: number;
  stop: number;
  format?: ExportFormat;
  sid?: string;
  jwt?: string;
}

/**
 * POST /service/cameras/{id}/position. `continuous`: x, y, z are pan, tilt
 * and zoom velocities in -1..1 (all zero stops). `relative`: a step in the
 * camera's generic translation space, -1..1 per axis. `relativeFOV`: x and y
 * are where the view centre should move, as a fraction of the current field
 * of view (-1 left/bottom edge .. 1 right/top edge, e.g. a click on the
 * picture), z a relative zoom step in -1..1. Replies 204.
 */
export type PtzMoveType = 'relative' | 'continuous' | 'relativeFOV';

export interface PtzMoveRequest {
  x: number;
  y: number;
  z: number;
  type: PtzMoveType;
}

/** A PTZ preset (spec 3); `name` is 'Preset <token>' when the camera holds a blank name. */
export interface PtzPreset {
  token: string;
  name: string;
}

/**
 * GET /service/cameras/{id}/position/presets: sorted by name. POST creates
 * ({ name }) and answers the preset (201); PATCH /{token} renames ({ name });
 * DELETE /{token} removes (204); POST /{token} moves the camera to the
 * preset (204).
 */
export interface PtzPresetsResponse {
  presets: PtzPreset[];
  maxPresets: number;
}

export interface PtzPresetRequest {
  name: string;
}

/** GET /service/server/utilization/disk (spec 3 "Disk utilization"). Bytes unless named otherwise. */
export interface DiskUtilization {
  storage: { capacity: number; free: number; unavailable: number };
  /** Share of the volume used by data other than archives, 0..100. */
  unavailablePercentage: number;
  /** The cleaner's threshold as a fraction of the volume, 0..1. */
  cleanerThreshold: number;
  thresholdPercentage: number;
  /** Bytes the volume may hold before the cleaner removes archives. */
  maxUsage: number;
  /** Bytes archives may use: maxUsage less what other data takes. */
  availableUpToThreshold: number;
  archivesSize: number;
  bytesFromDeletedCameras: number;
}

/** One camera's row of GET /service/cameras/disk-usage (spec 3 "Retention per camera"). Days to 0.1. */
export interface CameraDiskUsage {
  cameraId: string;
  cameraName: string;
  daysEstimated: number;
  bytesEstimated: number;
  bytesEstimatedPerDay: number;
  isMotionOnly: boolean;
  /** True when the camera has a retention override (PATCH /service/cameras/{id} { retention: ms }). */
  override: boolean;
  daysDesired: number;
  bytesRecorded: number;
  daysRecorded: number;
  secondsRecorded: number;
  /** Days from the oldest archive to now. */
  calendarDays: number;
}

export interface CamerasDiskUsageResponse {
  cameras: CameraDiskUsage[];
  /** Sum of bytesEstimated and the archive budget it must fit (availableUpToThreshold). */
  bytesEstimatedTotal: number;
  availableUpToThreshold: number;
  /** False when the estimate exceeds the budget by more than 0.1 % (spec 4: red bar, not possible). */
  possible: boolean;
}

/** Extras of an active stream's status for system status (spec 3, 9); part of StreamStatus. */
export interface StreamRecordingHealth {
  /** Epoch ms of the newest recorded video, null when nothing was recorded. */
  lastArchiveWritten: number | null;
  lastArchiveWrittenHumanized: string;
  /** True when the last archive is older than 120 s (or none was ever written while running). */
  lastArchiveWrittenIssue: boolean;
}

/** GET /service/streams/{id}/verify (system status "Verify"). */
export interface StreamVerifyResult {
  success: boolean;
  message: string;
}

// ---------------------------------------------------------------------------
// Cameras, streams, archives and discovery (spec 3, 4, 7).

export type CameraDriver = 'ONVIF' | 'Generic RTSP';

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

/** Camera work-arounds (spec 3): see domain/ptz-command.ts for what each changes. */
export type CameraQuirk = 'zoom-override' | 'force-relative-ptz';

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

/** Never answered by the server with the password; send it only when registering or changing it. */
export interface CameraConnection {
  uri: string;
  username?: string;
  password?: string;
}

export interface RegisterCameraRequest {
  driver: CameraDriver;
  connection: CameraConnection;
  name: string;
  /** Keep the camera's current encoder settings (the recorder never changes them on registration). */
  import?: boolean;
}

/** PATCH /service/cameras/{id}. A connection without password (or null) keeps the stored one. */
export interface UpdateCameraRequest {
  /** The client may echo the id back; it must match the path. */
  id?: string;
  name?: string;
  connection?: { uri?: string; username?: string; password?: string | null };
  primaryStream?: { id: string };
  /** ms, 0..10000 days; 0 = no override. */
  retention?: number;
  quirks?: CameraQuirk[];
}

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

/** Event types of GET /service/events/camera-stream[/histogram] (spec 7): motion is the one the recorder stores. */
export type CameraStreamEventType = 'motion';

/**
 * A motion event (spec 3: start, stop), epoch ms. While the motion goes on
 * the event is `active` and `stop` is the newest motion seen so far (it is
 * updated every few seconds), like an active archive's `end`.
 */
export interface MotionEvent {
  start: number;
  stop: number;
  active: boolean;
}

/** GET /service/events/camera-stream?eventType=motion&id=&start=&count=&from_end= : oldest first. */
export interface MotionEventsResponse {
  data: { events: MotionEvent[] };
}

/**
 * One bucket of GET /service/events/camera-stream/histogram: [start, stop)
 * in epoch ms, aligned to whole multiples of its width (UTC). `count` is the
 * number of events starting in it; `motionMs` how much of it has motion
 * (events that started earlier included), so a long event shows in every
 * bucket it covers.
 */
export interface EventsHistogramBucket {
  start: number;
  stop: number;
  count: number;
  motionMs: number;
}

/** Only buckets with events or motion are listed, oldest first; `bucketMs` is the width used (at least minSegment). */
export interface EventsHistogramResponse {
  data: { histogram: EventsHistogramBucket[]; bucketMs: number };
}

/** PUT /service/cameras/{id}/streams/{streamId}/motion/mask (body: the PNG or JPEG): where GET serves it back. */
export interface MotionMaskResponse {
  motionMask: { href: string };
}
