/**
 * Saved stages of the recorder (spec 3 "Stage", spec 6 "Stages", spec 7
 * /service/layouts) over its SQLite database. The rules of who sees and
 * changes which stage, and the matrix check, are shared with the aggregator
 * (common/layouts/stage-rules.ts); so are the table's statements and row
 * mapping (common/layouts/layout-rows.ts) and the routes
 * (common/layouts/layout-routes.ts).
 *
 * Cost: list is one indexed query plus JSON parsing per row.
 */
import { randomUUID } from 'node:crypto';
import type { CreateLayoutRequest, Layout, UpdateLayoutRequest } from '../../shared/api';
import type { Db } from '../core/db/database';
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
import {
  layoutListScope,
  layoutNotFound,
  layoutVisible,
  planLayoutCreate,
  planLayoutUpdate,
  checkLayoutManage,
  type LayoutActor,
} from '../../common/layouts/stage-rules';

export type { LayoutActor } from '../../common/layouts/stage-rules';
export { deriveCameras, validateStageMatrix } from '../../common/layouts/stage-rules';

export class LayoutsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  list(actor: LayoutActor): Layout[] {
    const rows = this.db.prepare(listLayoutsSql(layoutListScope(actor))).all(actor.id) as LayoutRow[];
    return rows.map(toLayout);
  }

  /** A stage the actor may see, or 404. */
  get(actor: LayoutActor, id: string): Layout {
    return toLayout(this.visibleRow(actor, id));
  }

  create(actor: LayoutActor, request: CreateLayoutRequest): Layout {
    const write = planLayoutCreate(actor, request);
    const id = randomUUID();
    this.db.prepare(INSERT_LAYOUT_SQL).run(...insertLayoutValues(id, write, actor.id, this.now()));
    return this.get(actor, id);
  }

  update(actor: LayoutActor, id: string, request: UpdateLayoutRequest): Layout {
    const row = this.visibleRow(actor, id);
    const plan = planLayoutUpdate(actor, { ...layoutAccess(row), name: row.name }, request);
    this.db.prepare(UPDATE_LAYOUT_SQL).run(...updateLayoutValues(row, plan, this.now()));
    return toLayout(this.row(id)!);
  }

  delete(actor: LayoutActor, id: string): void {
    const row = this.visibleRow(actor, id);
    checkLayoutManage(actor, layoutAccess(row));
    this.db.prepare(DELETE_LAYOUT_SQL).run(id);
  }

  private row(id: string): LayoutRow | undefined {
    return this.db.prepare(LAYOUT_BY_ID_SQL).get(id) as LayoutRow | undefined;
  }

  private visibleRow(actor: LayoutActor, id: string): LayoutRow {
    const row = this.row(id);
    if (!row || !layoutVisible(actor, layoutAccess(row))) throw layoutNotFound();
    return row;
  }
}
