/**
 * The bulk dialogs' table of servers (spec 2, 5 and 8), pure: for one
 * username, what applying does on each server ('will be added', 'will be
 * updated', 'will be removed', or no action: the user does not exist there,
 * the server cannot be queried, or the user is that server's built-in
 * administrator, which cannot be deleted), which rows can be applied, and
 * the calls a save makes.
 *
 * A username matches case-insensitively, as both servers' sign-in does. An
 * update leaves the username and role of a server's built-in administrator
 * alone (locked there, spec 6), as the aggregator's own edit does.
 */
import type { User } from '../../../server/shared/api';
import type { ServerUserChange, ServerUsers } from '../../state/server-users';
import { toCreateRequest, toUpdateRequest, type UserFormValues } from './user-form';

/** replicate: add or update the user on each server; delete: remove it. */
export type BulkMode = 'replicate' | 'delete';

export type ServerUserAction = 'add' | 'update' | 'remove' | 'absent' | 'locked' | 'unreachable';

export interface ServerUserRow {
  orchidId: string;
  serverName: string;
  /** The server's user of that name, if it has one. */
  existing: User | null;
  action: ServerUserAction;
  /** Why the server could not be queried ('unreachable' rows). */
  reason?: string;
}

const APPLICABLE: ReadonlySet<ServerUserAction> = new Set(['add', 'update', 'remove']);

export function findUserByName(users: readonly User[], username: string): User | null {
  const wanted = username.toLowerCase();
  return users.find((user) => user.username.toLowerCase() === wanted) ?? null;
}

export function serverUserRow(server: ServerUsers, username: string, mode: BulkMode): ServerUserRow {
  const base = { orchidId: server.orchidId, serverName: server.name };
  if ('error' in server) return { ...base, existing: null, action: 'unreachable', reason: server.error };
  const existing = findUserByName(server.users, username);
  if (mode === 'replicate') return { ...base, existing, action: existing ? 'update' : 'add' };
  if (!existing) return { ...base, existing, action: 'absent' };
  return { ...base, existing, action: existing.superUser ? 'locked' : 'remove' };
}

export function serverUserRows(servers: readonly ServerUsers[], username: string, mode: BulkMode): ServerUserRow[] {
  return servers.map((server) => serverUserRow(server, username, mode));
}

/** Whether the row's apply checkbox can be ticked: only rows that do something. */
export function isApplicable(row: ServerUserRow): boolean {
  return APPLICABLE.has(row.action);
}

/** The rows a save applies: applicable ones the user did not untick (every applicable row starts ticked). */
export function appliedRows(rows: readonly ServerUserRow[], unticked: ReadonlySet<string>): ServerUserRow[] {
  return rows.filter((row) => isApplicable(row) && !unticked.has(row.orchidId));
}

/** Whether a save adds the user to some server, which then needs a password (spec 5). */
export function addsUser(applied: readonly ServerUserRow[]): boolean {
  return applied.some((row) => row.action === 'add');
}

/** The calls that replicate the form's user onto the applied servers. */
export function replicationChanges(applied: readonly ServerUserRow[], values: UserFormValues): ServerUserChange[] {
  return applied.flatMap((row): ServerUserChange[] => {
    if (row.action === 'add') return [{ orchidId: row.orchidId, kind: 'create', body: toCreateRequest(values) }];
    if (row.action === 'update' && row.existing) return [{ orchidId: row.orchidId, kind: 'update', userId: row.existing.id, body: toUpdateRequest(values, row.existing) }];
    return [];
  });
}

/** The calls that remove the user from the applied servers. */
export function removalChanges(applied: readonly ServerUserRow[]): ServerUserChange[] {
  return applied.flatMap((row): ServerUserChange[] => (row.action === 'remove' && row.existing ? [{ orchidId: row.orchidId, kind: 'remove', userId: row.existing.id }] : []));
}
