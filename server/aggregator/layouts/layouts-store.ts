/**
 * Saved stages of the aggregator's users (spec 7 /service/layouts, stored
 * here rather than on any one recorder, since a stage mixes cameras of
 * several servers), over its SQLite or PostgreSQL database. The rules are
 * the recorder's own (common/layouts/stage-rules.ts), and so are the table's
 * statements and row mapping (common/layouts/layout-rows.ts) and the routes
 * (common/layouts/layout-routes.ts).
 *
 * Cost: list is one indexed query plus JSON parsing per row.
 */
import { randomUUID } from 'node:crypto';
import type { CreateLayoutRequest, Layout, UpdateLayoutRequest } from '../../shared/api';
import {
  DELETE_LAYOUT_SQL,
  INSERT_LAYOUT_SQL,
  insertLayoutValues,
  LAYOUT_BY_ID_SQL,
  layoutAccess,
  listLayoutsSql,
  toLayout,
  UPDATE_LAYOUT_SQL,
  updateLayoutValues,
  type LayoutRow,
} from '../../common/layouts/layout-rows';
import type { LayoutsStore } from '../../common/layouts/layout-routes';
import {
  checkLayoutManage,
  layoutListScope,
  layoutNotFound,
  layoutVisible,
  planLayoutCreate,
  planLayoutUpdate,
  type LayoutActor,
} from '../../common/layouts/stage-rules';
import type { SqlDatabase } from '../core/db/sql-database';

export class AggregatorLayoutsStore implements LayoutsStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async list(actor: LayoutActor): Promise<Layout[]> {
    const rows = await this.db.all<LayoutRow>(listLayoutsSql(layoutListScope(actor)), [actor.id]);
    return rows.map(toLayout);
  }

  async get(actor: LayoutActor, id: string): Promise<Layout> {
    return toLayout(await this.visibleRow(actor, id));
  }

  async create(actor: LayoutActor, request: CreateLayoutRequest): Promise<Layout> {
    const write = planLayoutCreate(actor, request);
    const id = randomUUID();
    await this.db.run(INSERT_LAYOUT_SQL, insertLayoutValues(id, write, actor.id, this.now()));
    return this.get(actor, id);
  }

  async update(actor: LayoutActor, id: string, request: UpdateLayoutRequest): Promise<Layout> {
    const row = await this.visibleRow(actor, id);
    const plan = planLayoutUpdate(actor, { ...layoutAccess(row), name: row.name }, request);
    await this.db.run(UPDATE_LAYOUT_SQL, updateLayoutValues(row, plan, this.now()));
    return toLayout((await this.row(id))!);
  }

  async delete(actor: LayoutActor, id: string): Promise<void> {
    const row = await this.visibleRow(actor, id);
    checkLayoutManage(actor, layoutAccess(row));
    await this.db.run(DELETE_LAYOUT_SQL, [id]);
  }

  private row(id: string): Promise<LayoutRow | undefined> {
    return this.db.get<LayoutRow>(LAYOUT_BY_ID_SQL, [id]);
  }

  private async visibleRow(actor: LayoutActor, id: string): Promise<LayoutRow> {
    const row = await this.row(id);
    if (!row || !layoutVisible(actor, layoutAccess(row))) throw layoutNotFound();
    return row;
  }
}
