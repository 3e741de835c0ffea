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
