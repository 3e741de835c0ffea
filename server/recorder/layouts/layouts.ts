/**
 * Saved stages (spec 3 "Stage", spec 6 "Stages", spec 7 /service/layouts):
 * the rules of who sees and changes which stage, and the structural check of
 * the stage matrix. Plain TypeScript over the database; layouts/layout-routes.ts
 * maps HTTP onto it.
 *
 * Visibility: a user sees their own stages and the shared stages that hold
 * at least one camera they can access; administrators see every shared
 * stage (they manage them all, empty ones included). Another user's private
 * stage is invisible (404), even to administrators.
 * Changes: only administrators share, unshare, rename, update or remove a
 * shared stage; anyone manages their own unshared stages (403 otherwise).
 *
 * Camera access: on a single recorder every signed-in user whose role grants
 * 'live' can access every camera of the recorder, so a shared stage is
 * visible when it holds any camera. The aggregator, with permission groups,
 * will need a per-camera check (and a stage-camera table to query it).
 *
 * Cost: list is one indexed query plus JSON parsing per row; a matrix check
 * is O(cells) with at most 16 x 16 cells.
 */
import { randomUUID } from 'node:crypto';
import type {
  CreateLayoutRequest,
  DewarpMode,
  Layout,
  StageCamera,
  StageCell,
  StageMatrix,
  UpdateLayoutRequest,
} from '../../shared/api';
import { CAMERA_ID_MAX_LENGTH, LAYOUT_NAME_MAX_LENGTH, MAX_STAGE_COLUMNS, MAX_STAGE_ROWS } from '../../shared/api/stages';
import { can, type Role } from '../../shared/roles';
import { MESSAGES, validateRequiredName } from '../../shared/validation';
import type { Db } from '../core/db/database';
import { badRequest, forbidden, notFound } from '../../common/api-error';

const DEFAULT_DEWARP_MODE: DewarpMode = 1;

/** Who is acting: the signed-in user. */
export interface LayoutActor {
  id: string;
  role: Role;
}

interface LayoutRow {
  id: string;
  name: string;
  shared: number;
  stage_matrix_json: string;
  cameras_json: string;
  camera_count: number;
  owner_id: string | null;
  owner_name: string | null;
  created_ms: number;
  updated_ms: number;
}

const SELECT = `SELECT l.*, u.username AS owner_name FROM layouts l LEFT JOIN users u ON u.id = l.owner_id`;

function toLayout(row: LayoutRow): Layout {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared === 1,
    stageMatrix: JSON.parse(row.stage_matrix_json) as StageMatrix,
    cameras: JSON.parse(row.cameras_json) as StageCamera[],
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    createdAt: row.created_ms,
    updatedAt: row.updated_ms,
  };
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

function checkName(name: unknown): string {
  const message = validateRequiredName(name, MESSAGES.nameRequired);
  if (message) throw badRequest(message);
  const trimmed = (name as string).trim();
  if (trimmed.length > LAYOUT_NAME_MAX_LENGTH) {
    throw badRequest(`Name must be ${LAYOUT_NAME_MAX_LENGTH} characters or fewer.`);
  }
  return trimmed;
}

const isAdmin = (actor: LayoutActor) => can(actor.role, 'share-stages');

export class LayoutsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  list(actor: LayoutActor): Layout[] {
    const rows = (
      isAdmin(actor)
        ? this.db.prepare(`${SELECT} WHERE l.owner_id = ? OR l.shared = 1 ORDER BY l.name COLLATE NOCASE, l.id`).all(actor.id)
        : can(actor.role, 'live')
          ? this.db
              .prepare(
                `${SELECT} WHERE l.owner_id = ? OR (l.shared = 1 AND l.camera_count > 0) ORDER BY l.name COLLATE NOCASE, l.id`,
              )
              .all(actor.id)
          : this.db.prepare(`${SELECT} WHERE l.owner_id = ? ORDER BY l.name COLLATE NOCASE, l.id`).all(actor.id)
    ) as LayoutRow[];
    return rows.map(toLayout);
  }

  /** A stage the actor may see, or 404. */
  get(actor: LayoutActor, id: string): Layout {
    return toLayout(this.visibleRow(actor, id));
  }

  create(actor: LayoutActor, request: CreateLayoutRequest): Layout {
    const name = checkName(request.name);
    if (request.stageMatrix === undefined) throw badRequest('stageMatrix is required.');
    const matrix = validateStageMatrix(request.stageMatrix);
    const shared = request.shared === true;
    if (shared && !isAdmin(actor)) throw forbidden('Only administrators can share stages.', 'share-forbidden');
    const cameras = deriveCameras(matrix);
    const id = randomUUID();
    const nowMs = this.now();
    this.db
      .prepare(
        `INSERT INTO layouts (id, name, shared, stage_matrix_json, cameras_json, camera_count, owner_id, created_ms, updated_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, name, shared ? 1 : 0, JSON.stringify(matrix), JSON.stringify(cameras), cameras.length, actor.id, nowMs, nowMs);
    return this.get(actor, id);
  }

  update(actor: LayoutActor, id: string, request: UpdateLayoutRequest): Layout {
    const row = this.visibleRow(actor, id);
    this.checkManage(actor, row);
    const sharing = request.shared !== undefined && request.shared !== (row.shared === 1);
    if (sharing && !isAdmin(actor)) throw forbidden('Only administrators can share or unshare stages.', 'share-forbidden');
    const name = request.name === undefined ? row.name : checkName(request.name);
    const shared = request.shared ?? row.shared === 1;
    let matrixJson = row.stage_matrix_json;
    let camerasJson = row.cameras_json;
    let cameraCount = row.camera_count;
    if (request.stageMatrix !== undefined) {
      const matrix = validateStageMatrix(request.stageMatrix);
      const cameras = deriveCameras(matrix);
      matrixJson = JSON.stringify(matrix);
      camerasJson = JSON.stringify(cameras);
      cameraCount = cameras.length;
    }
    // An unshared stage needs an owner: one left by a deleted user goes to the administrator unsharing it.
    const ownerId = !shared && row.owner_id === null ? actor.id : row.owner_id;
    this.db
      .prepare(
        `UPDATE layouts SET name = ?, shared = ?, stage_matrix_json = ?, cameras_json = ?, camera_count = ?,
         owner_id = ?, updated_ms = ? WHERE id = ?`,
      )
      .run(name, shared ? 1 : 0, matrixJson, camerasJson, cameraCount, ownerId, this.now(), id);
    return toLayout(this.row(id)!);
  }

  delete(actor: LayoutActor, id: string): void {
    const row = this.visibleRow(actor, id);
    this.checkManage(actor, row);
    this.db.prepare('DELETE FROM layouts WHERE id = ?').run(id);
  }

  private row(id: string): LayoutRow | undefined {
    return this.db.prepare(`${SELECT} WHERE l.id = ?`).get(id) as LayoutRow | undefined;
  }

  private visibleRow(actor: LayoutActor, id: string): LayoutRow {
    const row = this.row(id);
    const visible =
      row !== undefined &&
      (row.owner_id === actor.id ||
        (row.shared === 1 && (isAdmin(actor) || (can(actor.role, 'live') && row.camera_count > 0))));
    if (!visible) throw notFound('Stage does not exist.', 'layout-not-found');
    return row;
  }

  /** Shared stages: administrators only. Unshared ones: their owner. */
  private checkManage(actor: LayoutActor, row: LayoutRow): void {
    if (row.shared === 1) {
      if (!isAdmin(actor)) throw forbidden('Only administrators can change shared stages.', 'shared-layout-locked');
      return;
    }
    if (row.owner_id !== actor.id) throw forbidden('You can change only your own stages.');
  }
}
