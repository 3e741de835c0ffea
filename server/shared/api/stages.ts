/** Stages: /service/layouts and the stage matrix (spec 3 "Stage", spec 6 "Stages"). */

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
