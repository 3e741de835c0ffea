/**
 * Stages: /service/layouts and the stage matrix (spec 3 "Stage", spec 6
 * "Stages"). The request bodies are TypeBox schemas: the recorder's layout
 * routes validate with them and the request types are derived from them.
 * They bound sizes only (at most 16 x 16 cells, cameras as {id, orchidId});
 * the structure (rectangular, spans inside the stage, no overlaps) and the
 * name rules are checked by the domain (recorder layouts/layouts.ts), so
 * the person gets a sentence naming the cell.
 */
import { Type, type Static } from 'typebox';

export const MAX_STAGE_ROWS = 16;
export const MAX_STAGE_COLUMNS = 16;
export const LAYOUT_NAME_MAX_LENGTH = 128;
export const CAMERA_ID_MAX_LENGTH = 128;

/** A camera held by a stage cell. `orchidId` names the server (recorder) that serves it. */
export interface StageCamera {
  id: string;
  orchidId: string;
}

/** Dewarp mode of a stage cell: 0 off, 1 perspective, 2 panorama. */
export const DewarpMode = Type.Enum([0, 1, 2], { type: 'integer' });
export type DewarpMode = Static<typeof DewarpMode>;

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

/** A stage camera as a request names it; `orchidId` may be left out (this recorder). */
const StageCameraInput = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: CAMERA_ID_MAX_LENGTH }),
    orchidId: Type.Optional(Type.String({ maxLength: CAMERA_ID_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

const span = Type.Integer({ minimum: 1, maximum: Math.max(MAX_STAGE_ROWS, MAX_STAGE_COLUMNS) });

/** A cell as a request carries it: every field may be left out (defaults filled in); `span`, the older field, sets both spans. */
const StageCellInput = Type.Object(
  {
    // One type list rather than anyOf, so errors name the real problem instead of "must be null".
    camera: Type.Optional(Type.Unsafe<Static<typeof StageCameraInput> | null>({ ...StageCameraInput, type: ['object', 'null'] })),
    columnSpan: Type.Optional(span),
    rowSpan: Type.Optional(span),
    span: Type.Optional(span),
    forceLbm: Type.Optional(Type.Boolean()),
    dewarpMode: Type.Optional(DewarpMode),
  },
  { additionalProperties: false },
);

const stageMatrix = Type.Array(Type.Array(StageCellInput, { minItems: 1, maxItems: MAX_STAGE_COLUMNS }), {
  minItems: 1,
  maxItems: MAX_STAGE_ROWS,
});
const cameras = Type.Array(StageCameraInput, { maxItems: MAX_STAGE_ROWS * MAX_STAGE_COLUMNS });
// Longer than the limit, so an over-long name gets the domain's clear message rather than a schema one.
const name = Type.String({ maxLength: LAYOUT_NAME_MAX_LENGTH * 4 });

/** `name` and `stageMatrix` are required (the domain says so). `cameras` may be echoed back by a client; it is ignored and derived again. */
export const CreateLayoutBody = Type.Object(
  {
    name: Type.Optional(name),
    shared: Type.Optional(Type.Boolean()),
    stageMatrix: Type.Optional(stageMatrix),
    cameras: Type.Optional(cameras),
  },
  { additionalProperties: false },
);
export type CreateLayoutRequest = Static<typeof CreateLayoutBody>;

/** Any part of a stage; the client may echo the id back, and it must match the path. */
export const UpdateLayoutBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(name),
    shared: Type.Optional(Type.Boolean()),
    stageMatrix: Type.Optional(stageMatrix),
    cameras: Type.Optional(cameras),
  },
  { additionalProperties: false },
);
export type UpdateLayoutRequest = Static<typeof UpdateLayoutBody>;
