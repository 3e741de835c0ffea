/**
 * Streams of a camera (spec 3, 4, 7): their settings, recording styles,
 * dewarp settings and states. The request shapes are TypeBox schemas: the
 * recorder's stream routes validate with them and StreamRequest is derived
 * from them; the closed lists (recording styles and modes, dewarp modes)
 * are written once here for the types, the schemas and the recorder's
 * checks. What a schema cannot say (a configuration matching exactly one
 * style, values within a camera's capabilities) is the domain's.
 */
import { Type, type Static } from 'typebox';
import { RECORDING_STYLES } from '../recording-style';
import type { StreamRecordingHealth } from './operations';

const text = (maxLength: number) => Type.String({ maxLength });

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

export const TrueFalse = Type.Enum(['true', 'false'], { type: 'string' });
export type TrueFalse = Static<typeof TrueFalse>;

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

// Type lists (`type: [...]`) rather than anyOf, as the hand-written schemas had them: TypeBox has no
// constructor for a type list, and anyOf would change the wording of a refusal.
/** Clients may send numbers as text ('15'); the capability clamp makes numbers of them (cameras/capabilities.ts). */
const numberOrText = Type.Unsafe<number | string>({ type: ['number', 'string'], maxLength: 64 });

/**
 * A stream configuration as a request carries it: StreamConfiguration with
 * numbers possibly as text. `Fixed` is accepted and ignored: the server
 * decides it.
 */
export const StreamConfigurationInput = Type.Object(
  {
    Video: Type.Optional(
      Type.Object(
        {
          Resolution: Type.Optional(text(32)),
          FrameRate: Type.Optional(numberOrText),
          Encoder: Type.Optional(text(32)),
          GOVLength: Type.Optional(numberOrText),
          Quality: Type.Optional(numberOrText),
          BitRate: Type.Optional(numberOrText),
          EncoderInterval: Type.Optional(numberOrText),
          Profile: Type.Optional(text(32)),
        },
        { additionalProperties: false },
      ),
    ),
    Audio: Type.Optional(
      Type.Unsafe<Record<string, string | number | boolean>>({
        type: 'object',
        maxProperties: 16,
        additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 256 },
      }),
    ),
    General: Type.Optional(Type.Object({ Path: Type.Optional(text(1024)) }, { additionalProperties: false })),
    Options: Type.Optional(Type.Unsafe<Record<string, string>>({ type: 'object', maxProperties: 32, additionalProperties: text(256) })),
    Fixed: Type.Optional(TrueFalse),
  },
  { additionalProperties: false },
);
export type StreamConfigurationInput = Static<typeof StreamConfigurationInput>;

export const RecordingMode = Type.Enum(['ALL_FEATURES_MODE', 'EMBEDDED_LITE_MODE', 'PROXY_ONLY_MODE'], { type: 'string' });
export type RecordingMode = Static<typeof RecordingMode>;

/** How a stream records (the fields of spec 4's styles, core/recording-style.ts); the same shape in requests and replies. */
export const RecordingConfiguration = Type.Object(
  {
    mode: RecordingMode,
    motionReducer: Type.Optional(Type.Boolean()),
    filesplit: Type.Optional(
      Type.Object({ motionMode: Type.Optional(Type.Integer()), recordState: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    ),
    bgseg: Type.Optional(
      Type.Object(
        {
          boxArea: Type.Optional(Type.Number()),
          motionMask: Type.Optional(Type.Object({ href: text(1024) }, { additionalProperties: false })),
        },
        { additionalProperties: false },
      ),
    ),
    decode: Type.Optional(Type.Object({ keyFramesOnly: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type RecordingConfiguration = Static<typeof RecordingConfiguration>;

/** The five recording styles of spec 4; the list and their rules are in ../recording-style.ts. */
export { RECORDING_STYLES };
export const RecordingStyle = Type.Enum(RECORDING_STYLES, { type: 'string' });
export type RecordingStyle = Static<typeof RecordingStyle>;

/** Dewarp (fisheye) settings of a stream; the same shape in requests and replies. */
export const StreamDewarpConfiguration = Type.Object(
  {
    enable: Type.Optional(Type.Boolean()),
    defaultMode: Type.Optional(Type.Enum(['perspective', 'panorama'], { type: 'string' })),
    orientation: Type.Optional(Type.Enum(['ceiling', 'floor', 'wall'], { type: 'string' })),
    perspectiveDepth: Type.Optional(Type.Number({ minimum: 0.1, maximum: 9 })),
    defaultPerspectiveView: Type.Optional(
      Type.Object(
        { pan: Type.Number(), tilt: Type.Number(), zoom: Type.Number({ minimum: 0.1, maximum: 10 }) },
        { additionalProperties: false },
      ),
    ),
    panoramaAspectRatio: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
    panoramaShift: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
export type StreamDewarpConfiguration = Static<typeof StreamDewarpConfiguration>;

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
  /**
   * Whether saving this stream's Video settings (Resolution, FrameRate, BitRate, GOVLength, Quality,
   * EncoderInterval, Profile) sends them to the camera. true (ONVIF streams): the recorder writes them
   * to the camera's encoder (ONVIF SetVideoEncoderConfiguration on the stream's media profile) and
   * restarts the stream's recording with them; a refusal is answered as an error ('code: reason') and
   * nothing is saved. false (Generic RTSP): the camera has no such interface, the settings are kept in
   * the recorder only and the camera goes on sending what it is set to; the stream dialog says so.
   */
  pushesToCamera: boolean;
  recordingConfiguration: RecordingConfiguration;
  capabilities: StreamCapabilities;
  dewarpConfiguration: StreamDewarpConfiguration | null;
}

/**
 * POST /service/cameras/{id}/streams and PUT (all of it) / PATCH (any part)
 * of .../streams/{streamId}. Either a style or a recording configuration; a
 * configuration matching no style is refused. The client may echo the id
 * back; it must match the path.
 */
export const StreamBody = Type.Object(
  {
    id: Type.Optional(text(64)),
    name: Type.Optional(text(1024)),
    configuration: Type.Optional(StreamConfigurationInput),
    recordingStyle: Type.Optional(RecordingStyle),
    recordingConfiguration: Type.Optional(RecordingConfiguration),
    dewarpConfiguration: Type.Optional(Type.Union([Type.Null(), StreamDewarpConfiguration])),
  },
  { additionalProperties: false },
);
export type StreamRequest = Static<typeof StreamBody>;

/** `?live=true` limits a list to the streams of cameras that are not defunct. */
export const LiveQuery = Type.Object({ live: Type.Optional(Type.Boolean()) });
export type LiveQuery = Static<typeof LiveQuery>;

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
