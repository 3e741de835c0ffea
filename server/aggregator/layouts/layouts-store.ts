/**
 * Saved stages of the aggregator's users (spec 7 /service/layouts, stored
 * here rather than on any one recorder, since a stage mixes cameras of
 * several servers), over its SQLite or PostgreSQL database. The rules are
 * the recorder's own (common/layouts/stage-rules.ts), and so are the routes
 * (common/layouts/layout-routes.ts).
 *
 * Cost: list is one indexed query plus JSON parsing per row.
 */
import { randomUUID } from 'node:crypto';
import type { CreateLayoutRequest, Layout, StageCamera, StageMatrix, UpdateLayoutRequest } from '../../shared/api';
import type { LayoutsStore } from '../../common/layouts/layout-routes';
import {
  checkLayoutManage,
  layoutListScope,
  layoutNotFound,
  layoutVisible,
  planLayoutCreate,
  planLayoutUpdate,
  type LayoutActor,
  type StoredLayoutAccess,
} from '../../common/layouts/stage-rules';
import type { SqlDatabase } from '../core/db/sql-database';

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

const SELECT = 'SELECT l.*, u.username AS owner_name FROM layouts l LEFT JOIN users u ON u.id = l.owner_id';
// lower() rather than COLLATE NOCASE: both engines read it alike.
const ORDER = 'ORDER BY lower(l.name), l.id';

const LIST_WHERE: Record<ReturnType<typeof layoutListScope>, string> = {
  'own-and-shared': 'l.owner_id = ? OR l.shared = 1',
  'own-and-shared-with-cameras': 'l.owner_id = ? OR (l.shared = 1 AND l.camera_count > 0)',
  own: 'l.owner_id = ?',
};

function toLayout(row: LayoutRow): Layout {
  return {
    id: row.id,
    name: row.name,
    shared: Number(row.shared) === 1,
    stageMatrix: JSON.parse(row.stage_matrix_json) as StageMatrix,
    cameras: JSON.parse(row.cameras_json) as StageCamera[],
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    createdAt: Number(row.created_ms),
    updatedAt: Number(row.updated_ms),
  };
}

const access = (row: LayoutRow): StoredLayoutAccess => ({ ownerId: row.owner_id, shared: Number(row.shared) === 1, cameraCount: Number(row.camera_count) });

export class AggregatorLayoutsStore implements LayoutsStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async list(actor: LayoutActor): Promise<Layout[]> {
    const rows = await this.db.all<LayoutRow>(`${SELECT} WHERE ${LIST_WHERE[layoutListScope(actor)]} ${ORDER}`, [actor.id]);
    return rows.map(toLayout);
  }

  async get(actor: LayoutActor, id: string): Promise<Layout> {
    return toLayout(await this.visibleRow(actor, id));
  }

  async create(actor: LayoutActor, request: CreateLayoutRequest): Promise<Layout> {
    const write = planLayoutCreate(actor, request);
    const id = randomUUID();
    const nowMs = this.now();
    await this.db.run(
      `INSERT INTO layouts (id, name, shared, stage_matrix_json, cameras_json, camera_count, owner_id, created_ms, updated_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, write.name, write.shared ? 1 : 0, JSON.stringify(write.matrix), JSON.stringify(write.cameras), write.cameras.length, actor.id, nowMs, nowMs],
    );
    return this.get(actor, id);
  }

  async update(actor: LayoutActor, id: string, request: UpdateLayoutRequest): Promise<Layout> {
    const row = await this.visibleRow(actor, id);
    const plan = planLayoutUpdate(actor, { ...access(row), name: row.name }, request);
    await this.db.run(
      `UPDATE layouts SET name = ?, shared = ?, stage_matrix_json = ?, cameras_json = ?, camera_count = ?, owner_id = ?, updated_ms = ? WHERE id = ?`,
      [
        plan.name,
        plan.shared ? 1 : 0,
        plan.matrix ? JSON.stringify(plan.matrix) : row.stage_matrix_json,
        plan.cameras ? JSON.stringify(plan.cameras) : row.cameras_json,
        plan.cameras ? plan.cameras.length : Number(row.camera_count),
        plan.ownerId,
        this.now(),
        id,
      ],
    );
    return toLayout((await this.row(id))!);
  }

  async delete(actor: LayoutActor, id: string): Promise<void> {
    const row = await this.visibleRow(actor, id);
    checkLayoutManage(actor, access(row));
    await this.db.run('DELETE FROM layouts WHERE id = ?', [id]);
  }

  private row(id: string): Promise<LayoutRow | undefined> {
    return this.db.get<LayoutRow>(`${SELECT} WHERE l.id = ?`, [id]);
  }

  private async visibleRow(actor: LayoutActor, id: string): Promise<LayoutRow> {
    const row = await this.row(id);
    if (!row || !layoutVisible(actor, access(row))) throw layoutNotFound();
    return row;
  }
}
