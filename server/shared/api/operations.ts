/**
 * Export, PTZ, retention, disk and stream health (spec 3, 5, 7, 9). The
 * request shapes of export and PTZ are TypeBox schemas: the recorder's
 * routes validate with them and the request types are derived from them.
 * Values a person types or picks (times, formats, move types, preset names)
 * are taken as bounded text and checked by the recorder's domain against
 * the lists here, so a refusal has a precise reason.
 */
import { Type, type Static } from 'typebox';

/**
 * The formats the recorder writes; the first is the default. Matched in any case ('MKV').
 * No 'dewarp' (nor spec 7's aggregator 'dewarp-parent'): here the dewarped export is an html
 * page the client builds around the mov export (src/media/export/dewarp-page-download.ts).
 */
export const EXPORT_FORMATS = ['mkv', 'mov'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const exportText = Type.String({ maxLength: 4096 });

/**
 * GET (and HEAD) /service/streams/{id}/export?start=&stop=&format=&ticket=.
 * Times are epoch ms, as digits. The reply is the video file itself
 * (Content-Disposition attachment); HEAD answers 200 when archives exist in
 * the range, else 404. A download opened in a new window carries an export
 * ticket for the stream. Unknown query fields (a cache buster) are ignored.
 */
export const ExportQuery = Type.Object({
  start: Type.Optional(exportText),
  stop: Type.Optional(exportText),
  format: Type.Optional(exportText),
  ticket: Type.Optional(exportText),
  cb: Type.Optional(exportText),
});
export type ExportQuery = Static<typeof ExportQuery>;

/**
 * POST /service/cameras/{id}/position. `continuous`: x, y, z are pan, tilt
 * and zoom velocities in -1..1 (all zero stops). `relative`: a step in the
 * camera's generic translation space, -1..1 per axis. `relativeFOV`: x and y
 * are where the view centre should move, as a fraction of the current field
 * of view (-1 left/bottom edge .. 1 right/top edge, e.g. a click on the
 * picture), z a relative zoom step in -1..1. Replies 204.
 */
export const PTZ_MOVE_TYPES = ['relative', 'continuous', 'relativeFOV'] as const;
export type PtzMoveType = (typeof PTZ_MOVE_TYPES)[number];

/** A checked move: what the client sends, and what the recorder acts on once the body is checked. */
export interface PtzMoveRequest {
  x: number;
  y: number;
  z: number;
  type: PtzMoveType;
}

/** The move body as the route takes it: axes default to 0; the type and ranges are checked by the PTZ domain. */
export const PtzMoveBody = Type.Object(
  {
    x: Type.Optional(Type.Number()),
    y: Type.Optional(Type.Number()),
    z: Type.Optional(Type.Number()),
    type: Type.String({ maxLength: 32 }),
  },
  { additionalProperties: false },
);
export type PtzMoveBody = Static<typeof PtzMoveBody>;

/** `/cameras/{id}/position/presets/{token}`; bounds as loose as the other media routes' (256). */
export const PtzPresetParams = Type.Object({ id: Type.String({ maxLength: 256 }), token: Type.String({ maxLength: 256 }) });
export type PtzPresetParams = Static<typeof PtzPresetParams>;

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

/** Create or rename a preset; the name rules (spec 5) are the domain's (validation.ts validatePresetName). */
export const PtzPresetBody = Type.Object({ name: Type.String({ maxLength: 256 }) }, { additionalProperties: false });
export type PtzPresetRequest = Static<typeof PtzPresetBody>;

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
