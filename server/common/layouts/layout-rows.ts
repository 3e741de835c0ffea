/**
 * The layouts table as both editions store it (the recorder on SQLite, the
 * aggregator on SQLite or PostgreSQL): the row, the statements that read
 * and write it, and the row as the API's Layout. The statements use `?`
 * placeholders (the aggregator's PostgreSQL side numbers them) and only
 * what both engines read alike. Each store runs them over its own database.
 */
import type { Layout, StageCamera, StageMatrix } from '../../shared/api';
import type { layoutListScope, LayoutWrite, planLayoutUpdate, StoredLayoutAccess } from './stage-rules';

export interface LayoutRow {
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

type LayoutValue = string | number | null;

const SELECT = 'SELECT l.*, u.username AS owner_name FROM layouts l LEFT JOIN users u ON u.id = l.owner_id';
// lower() rather than COLLATE NOCASE: PostgreSQL has no NOCASE, and on SQLite both fold ASCII alone, so the order is the same.
const ORDER = 'ORDER BY lower(l.name), l.id';

const LIST_WHERE: Record<ReturnType<typeof layoutListScope>, string> = {
  'own-and-shared': 'l.owner_id = ? OR l.shared = 1',
  'own-and-shared-with-cameras': 'l.owner_id = ? OR (l.shared = 1 AND l.camera_count > 0)',
  own: 'l.owner_id = ?',
};

/** The stages a list scope shows, in name order; one parameter, the actor's id. */
export const listLayoutsSql = (scope: ReturnType<typeof layoutListScope>): string => `${SELECT} WHERE ${LIST_WHERE[scope]} ${ORDER}`;

/** One stage by id, with its owner's name. */
export const LAYOUT_BY_ID_SQL = `${SELECT} WHERE l.id = ?`;

export const INSERT_LAYOUT_SQL = `INSERT INTO layouts (id, name, shared, stage_matrix_json, cameras_json, camera_count, owner_id, created_ms, updated_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export const insertLayoutValues = (id: string, write: LayoutWrite, ownerId: string, nowMs: number): LayoutValue[] => [
  id,
  write.name,
  write.shared ? 1 : 0,
  JSON.stringify(write.matrix),
  JSON.stringify(write.cameras),
  write.cameras.length,
  ownerId,
  nowMs,
  nowMs,
];

export const UPDATE_LAYOUT_SQL =
  'UPDATE layouts SET name = ?, shared = ?, stage_matrix_json = ?, cameras_json = ?, camera_count = ?, owner_id = ?, updated_ms = ? WHERE id = ?';

/** The planned change over the stored row: a matrix left out keeps the stored one and its cameras. */
export const updateLayoutValues = (row: LayoutRow, plan: ReturnType<typeof planLayoutUpdate>, nowMs: number): LayoutValue[] => [
  plan.name,
  plan.shared ? 1 : 0,
  plan.matrix ? JSON.stringify(plan.matrix) : row.stage_matrix_json,
  plan.cameras ? JSON.stringify(plan.cameras) : row.cameras_json,
  plan.cameras ? plan.cameras.length : Number(row.camera_count),
  plan.ownerId,
  nowMs,
  row.id,
];

export const DELETE_LAYOUT_SQL = 'DELETE FROM layouts WHERE id = ?';

// Number(): the whole numbers come through either engine's driver; the Layout holds numbers whatever type one hands back.
export function toLayout(row: LayoutRow): Layout {
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

/** What the stage rules read of a stored row. */
export const layoutAccess = (row: LayoutRow): StoredLayoutAccess => ({
  ownerId: row.owner_id,
  shared: Number(row.shared) === 1,
  cameraCount: Number(row.camera_count),
});
