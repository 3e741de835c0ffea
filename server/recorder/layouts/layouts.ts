/**
 * Saved stages of the recorder (spec 3 "Stage", spec 6 "Stages", spec 7
 * /service/layouts) over its SQLite database. The rules of who sees and
 * changes which stage, and the matrix check, are shared with the aggregator
 * (common/layouts/stage-rules.ts); the routes too (common/layouts/layout-routes.ts).
 *
 * Cost: list is one indexed query plus JSON parsing per row.
 */
import { randomUUID } from 'node:crypto';
import type { CreateLayoutRequest, Layout, StageCamera, StageMatrix, UpdateLayoutRequest } from '../../shared/api';
import type { Db } from '../core/db/database';
import {
  layoutListScope,
  layoutNotFound,
  layoutVisible,
  planLayoutCreate,
  planLayoutUpdate,
  checkLayoutManage,
  type LayoutActor,
  type StoredLayoutAccess,
} from '../../common/layouts/stage-rules';

export type { LayoutActor } from '../../common/layouts/stage-rules';
export { deriveCameras, validateStageMatrix } from '../../common/layouts/stage-rules';

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

const access = (row: LayoutRow): StoredLayoutAccess => ({ ownerId: row.owner_id, shared: row.shared === 1, cameraCount: row.camera_count });

const LIST_WHERE: Record<ReturnType<typeof layoutListScope>, string> = {
  'own-and-shared': 'l.owner_id = ? OR l.shared = 1',
  'own-and-shared-with-cameras': 'l.owner_id = ? OR (l.shared = 1 AND l.camera_count > 0)',
  own: 'l.owner_id = ?',
};

export class LayoutsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  list(actor: LayoutActor): Layout[] {
    const where = LIST_WHERE[layoutListScope(actor)];
    const rows = this.db.prepare(`${SELECT} WHERE ${where} ORDER BY l.name COLLATE NOCASE, l.id`).all(actor.id) as LayoutRow[];
    return rows.map(toLayout);
  }

  /** A stage the actor may see, or 404. */
  get(actor: LayoutActor, id: string): Layout {
    return toLayout(this.visibleRow(actor, id));
  }

  create(actor: LayoutActor, request: CreateLayoutRequest): Layout {
    const write = planLayoutCreate(actor, request);
    const id = randomUUID();
    const nowMs = this.now();
    this.db
      .prepare(
        `INSERT INTO layouts (id, name, shared, stage_matrix_json, cameras_json, camera_count, owner_id, created_ms, updated_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, write.name, write.shared ? 1 : 0, JSON.stringify(write.matrix), JSON.stringify(write.cameras), write.cameras.length, actor.id, nowMs, nowMs);
    return this.get(actor, id);
  }

  update(actor: LayoutActor, id: string, request: UpdateLayoutRequest): Layout {
    const row = this.visibleRow(actor, id);
    const plan = planLayoutUpdate(actor, { ...access(row), name: row.name }, request);
    const matrixJson = plan.matrix ? JSON.stringify(plan.matrix) : row.stage_matrix_json;
    const camerasJson = plan.cameras ? JSON.stringify(plan.cameras) : row.cameras_json;
    const cameraCount = plan.cameras ? plan.cameras.length : row.camera_count;
    this.db
      .prepare(
        `UPDATE layouts SET name = ?, shared = ?, stage_matrix_json = ?, cameras_json = ?, camera_count = ?,
         owner_id = ?, updated_ms = ? WHERE id = ?`,
      )
      .run(plan.name, plan.shared ? 1 : 0, matrixJson, camerasJson, cameraCount, plan.ownerId, this.now(), id);
    return toLayout(this.row(id)!);
  }

  delete(actor: LayoutActor, id: string): void {
    const row = this.visibleRow(actor, id);
    checkLayoutManage(actor, access(row));
    this.db.prepare('DELETE FROM layouts WHERE id = ?').run(id);
  }

  private row(id: string): LayoutRow | undefined {
    return this.db.prepare(`${SELECT} WHERE l.id = ?`).get(id) as LayoutRow | undefined;
  }

  private visibleRow(actor: LayoutActor, id: string): LayoutRow {
    const row = this.row(id);
    if (!row || !layoutVisible(actor, access(row))) throw layoutNotFound();
    return row;
  }
}
