/**
 * Saved stages' rules (spec 3 "Stage", spec 6 "Stages"), for both editions'
 * stores (the recorder's layouts/layouts.ts, the aggregator's
 * layouts/layouts-store.ts): the structural check of the stage matrix, the
 * cameras derived from it, and who sees and changes which stage.
 *
 * Visibility: a user sees their own stages and the shared stages that hold
 * at least one camera they can access; administrators see every shared
 * stage (they manage them all, empty ones included). Another user's private
 * stage is invisible (404), even to administrators.
 * Changes: only administrators share, unshare, rename, update or remove a
 * shared stage; anyone manages their own unshared stages (403 otherwise).
 *
 * Camera access: every signed-in user whose role grants 'live' can access
 * every camera (of the recorder, or of every server the aggregator holds:
 * permission groups will narrow it), so a shared stage is visible when it
 * holds any camera.
 *
 * Cost: a matrix check is O(cells) with at most 16 x 16 cells. Pure.
 */
import type { CreateLayoutRequest, DewarpMode, StageCamera, StageCell, StageMatrix, UpdateLayoutRequest } from '../../shared/api';
import { CAMERA_ID_MAX_LENGTH, LAYOUT_NAME_MAX_LENGTH, MAX_STAGE_COLUMNS, MAX_STAGE_ROWS } from '../../shared/api/stages';
import { can, type Role } from '../../shared/roles';
import { MESSAGES, validateRequiredName } from '../../shared/validation';
import { badRequest, forbidden, notFound } from '../api-error';

const DEFAULT_DEWARP_MODE: DewarpMode = 1;

/** Who is acting: the signed-in user. */
export interface LayoutActor {
  id: string;
  role: Role;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSpan(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

function checkCamera(value: unknown, where: string): StageCamera | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw badRequest(`The camera of ${where} must be an object or null.`);
  const { id, orchidId } = value;
  if (typeof id !== 'string' || id.length === 0 || id.length > CAMERA_ID_MAX_LENGTH) {
    throw badRequest(`The camera of ${where} needs an id of 1 to ${CAMERA_ID_MAX_LENGTH} characters.`);
  }
  if (orchidId !== undefined && (typeof orchidId !== 'string' || orchidId.length > CAMERA_ID_MAX_LENGTH)) {
    throw badRequest(`The orchidId of the camera of ${where} must be text of at most ${CAMERA_ID_MAX_LENGTH} characters.`);
  }
  return { id, orchidId: typeof orchidId === 'string' ? orchidId : '' };
}

function checkCell(value: unknown, row: number, column: number): StageCell {
  const where = `the cell at row ${row + 1}, column ${column + 1}`;
  if (!isRecord(value)) throw badRequest(`Each cell of stageMatrix must be an object; ${where} is not.`);
  const camera = checkCamera(value.camera, where);
  for (const field of ['columnSpan', 'rowSpan', 'span'] as const) {
    const limit = field === 'rowSpan' ? MAX_STAGE_ROWS : MAX_STAGE_COLUMNS;
    if (value[field] !== undefined && !isSpan(value[field], limit)) {
      throw badRequest(`The ${field} of ${where} must be a whole number from 1 to ${limit}.`);
    }
  }
  if (value.forceLbm !== undefined && typeof value.forceLbm !== 'boolean') {
    throw badRequest(`The forceLbm of ${where} must be true or false.`);
  }
  const mode = value.dewarpMode;
  if (mode !== undefined && mode !== 0 && mode !== 1 && mode !== 2) {
    throw badRequest(`The dewarpMode of ${where} must be 0, 1 or 2.`);
  }
  // The older single `span` field stands for both spans (spec 3).
  const legacy = value.span as number | undefined;
  return {
    camera,
    // An empty cell covers only itself, whatever spans it carried.
    columnSpan: camera ? ((value.columnSpan as number | undefined) ?? legacy ?? 1) : 1,
    rowSpan: camera ? ((value.rowSpan as number | undefined) ?? legacy ?? 1) : 1,
    forceLbm: value.forceLbm === true,
    dewarpMode: (mode as DewarpMode | undefined) ?? DEFAULT_DEWARP_MODE,
  };
}

/**
 * Checks a stage matrix and answers it normalised (defaults filled in, the
 * older `span` converted): 1-16 rows of the same 1-16 cells, spans inside
 * the stage, and no claimed cell overlapping another.
 */
export function validateStageMatrix(value: unknown): StageMatrix {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_STAGE_ROWS) {
    throw badRequest(`stageMatrix must be a list of 1 to ${MAX_STAGE_ROWS} rows.`);
  }
  const width = Array.isArray(value[0]) ? value[0].length : 0;
  const matrix = value.map((row: unknown, r) => {
    if (!Array.isArray(row) || row.length === 0 || row.length > MAX_STAGE_COLUMNS) {
      throw badRequest(`Each row of stageMatrix must be a list of 1 to ${MAX_STAGE_COLUMNS} cells.`);
    }
    if (row.length !== width) throw badRequest('Every row of stageMatrix must have the same number of cells.');
    return row.map((cell: unknown, c) => checkCell(cell, r, c));
  });
  const owner: Array<Array<boolean>> = matrix.map((row) => row.map(() => false));
  matrix.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell.camera) return;
      const where = `The cell at row ${r + 1}, column ${c + 1}`;
      if (r + cell.rowSpan > matrix.length || c + cell.columnSpan > width) {
        throw badRequest(`${where} spans past the edge of the stage.`);
      }
      for (let rr = r; rr < r + cell.rowSpan; rr++) {
        for (let cc = c; cc < c + cell.columnSpan; cc++) {
          const covered = owner[rr]!;
          if (covered[cc] || ((rr !== r || cc !== c) && matrix[rr]![cc]!.camera)) {
            throw badRequest(`${where} overlaps another cell.`);
          }
          covered[cc] = true;
        }
      }
    }),
  );
  return matrix;
}

/** The cameras of a matrix, in reading order, each once: never taken from the client. */
export function deriveCameras(matrix: StageMatrix): StageCamera[] {
  const seen = new Set<string>();
  const cameras: StageCamera[] = [];
  for (const cell of matrix.flat()) {
    if (!cell.camera) continue;
    const key = JSON.stringify([cell.camera.orchidId, cell.camera.id]);
    if (seen.has(key)) continue;
    seen.add(key);
    cameras.push({ id: cell.camera.id, orchidId: cell.camera.orchidId });
  }
  return cameras;
}

export function checkLayoutName(name: unknown): string {
  const message = validateRequiredName(name, MESSAGES.nameRequired);
  if (message) throw badRequest(message);
  const trimmed = (name as string).trim();
  if (trimmed.length > LAYOUT_NAME_MAX_LENGTH) {
    throw badRequest(`Name must be ${LAYOUT_NAME_MAX_LENGTH} characters or fewer.`);
  }
  return trimmed;
}

/** Administrators share, unshare and manage every shared stage. */
export const isLayoutAdmin = (actor: LayoutActor): boolean => can(actor.role, 'share-stages');

/** What the rules read of a stored stage. */
export interface StoredLayoutAccess {
  ownerId: string | null;
  shared: boolean;
  cameraCount: number;
}

/** Whether the actor may see a stored stage (another user's private stage is invisible, even to administrators). */
export function layoutVisible(actor: LayoutActor, layout: StoredLayoutAccess): boolean {
  return layout.ownerId === actor.id || (layout.shared && (isLayoutAdmin(actor) || (can(actor.role, 'live') && layout.cameraCount > 0)));
}

/** Which stored stages a list shows the actor, as a filter both stores express in SQL. */
export function layoutListScope(actor: LayoutActor): 'own-and-shared' | 'own-and-shared-with-cameras' | 'own' {
  return isLayoutAdmin(actor) ? 'own-and-shared' : can(actor.role, 'live') ? 'own-and-shared-with-cameras' : 'own';
}

/** Shared stages: administrators only. Unshared ones: their owner. Throws 403. */
export function checkLayoutManage(actor: LayoutActor, layout: StoredLayoutAccess): void {
  if (layout.shared) {
    if (!isLayoutAdmin(actor)) throw forbidden('Only administrators can change shared stages.', 'shared-layout-locked');
    return;
  }
  if (layout.ownerId !== actor.id) throw forbidden('You can change only your own stages.');
}

/** A stage as it is written: its name, sharing, normalised matrix and the cameras derived from it. */
export interface LayoutWrite {
  name: string;
  shared: boolean;
  matrix: StageMatrix;
  cameras: StageCamera[];
}

/** Checks a new stage; only administrators create it shared. */
export function planLayoutCreate(actor: LayoutActor, request: CreateLayoutRequest): LayoutWrite {
  const name = checkLayoutName(request.name);
  if (request.stageMatrix === undefined) throw badRequest('stageMatrix is required.');
  const matrix = validateStageMatrix(request.stageMatrix);
  const shared = request.shared === true;
  if (shared && !isLayoutAdmin(actor)) throw forbidden('Only administrators can share stages.', 'share-forbidden');
  return { name, shared, matrix, cameras: deriveCameras(matrix) };
}

/**
 * Checks a change to a stage the actor can see: who may change it and who
 * may share or unshare it. `matrix` is undefined when the matrix stays.
 * An unshared stage needs an owner: one left by a deleted user goes to the
 * administrator unsharing it.
 */
export function planLayoutUpdate(
  actor: LayoutActor,
  stored: StoredLayoutAccess & { name: string },
  request: UpdateLayoutRequest,
): { name: string; shared: boolean; ownerId: string | null; matrix: StageMatrix | undefined; cameras: StageCamera[] | undefined } {
  checkLayoutManage(actor, stored);
  const sharing = request.shared !== undefined && request.shared !== stored.shared;
  if (sharing && !isLayoutAdmin(actor)) throw forbidden('Only administrators can share or unshare stages.', 'share-forbidden');
  const name = request.name === undefined ? stored.name : checkLayoutName(request.name);
  const shared = request.shared ?? stored.shared;
  const matrix = request.stageMatrix === undefined ? undefined : validateStageMatrix(request.stageMatrix);
  const ownerId = !shared && stored.ownerId === null ? actor.id : stored.ownerId;
  return { name, shared, ownerId, matrix, cameras: matrix && deriveCameras(matrix) };
}

/** The 404 every store answers for a stage the actor may not see. */
export const layoutNotFound = () => notFound('Stage does not exist.', 'layout-not-found');

