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
 *
 * The account this aggregator signs in with on a server (its registration's
 * username) is that server's row's aggregatorAccount: a new password or its
 * removal there cuts the server off from the aggregator until the
 * registration is edited. So that row starts unticked, with a warning, in
 * every bulk table; the user may still tick it. Every other applicable row
 * starts ticked. RowTicks holds only what the user changed.
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
  /** The existing user is the account the aggregator signs in with there (the registration's username). */
  aggregatorAccount: boolean;
  /** Why the server could not be queried ('unreachable' rows). */
  reason?: string;
}

/** The apply checkboxes the user changed, by orchid id; a row not in it has its starting state (isTicked). */
export type RowTicks = ReadonlyMap<string, boolean>;

const APPLICABLE: ReadonlySet<ServerUserAction> = new Set(['add', 'update', 'remove']);

export function findUserByName(users: readonly User[], username: string): User | null {
  const wanted = username.toLowerCase();
  return users.find((user) => user.username.toLowerCase() === wanted) ?? null;
}

function isAggregatorAccount(server: ServerUsers, existing: User | null): boolean {
  return existing !== null && server.signInUsername !== undefined && server.signInUsername.toLowerCase() === existing.username.toLowerCase();
}

export function serverUserRow(server: ServerUsers, username: string, mode: BulkMode): ServerUserRow {
  const base = { orchidId: server.orchidId, serverName: server.name };
  if ('error' in server) return { ...base, existing: null, action: 'unreachable', aggregatorAccount: false, reason: server.error };
  const existing = findUserByName(server.users, username);
  const found = { ...base, existing, aggregatorAccount: isAggregatorAccount(server, existing) };
  if (mode === 'replicate') return { ...found, action: existing ? 'update' : 'add' };
  if (!existing) return { ...found, action: 'absent' };
  return { ...found, action: existing.superUser ? 'locked' : 'remove' };
}

export function serverUserRows(servers: readonly ServerUsers[], username: string, mode: BulkMode): ServerUserRow[] {
  return servers.map((server) => serverUserRow(server, username, mode));
}

/** Whether the row's apply checkbox can be ticked: only rows that do something. */
export function isApplicable(row: ServerUserRow): boolean {
  return APPLICABLE.has(row.action);
}

/** Whether the row's warning shows: applying it would change or remove the aggregator's own account there. */
export function cutsOffServer(row: ServerUserRow): boolean {
  return row.aggregatorAccount && isApplicable(row);
}

/** Whether the row is ticked: as the user set it, else ticked when applicable unless it is the aggregator's own account. */
export function isTicked(row: ServerUserRow, ticks: RowTicks): boolean {
  if (!isApplicable(row)) return false;
  return ticks.get(row.orchidId) ?? !row.aggregatorAccount;
}

/** The rows a save applies: the ticked ones. */
export function appliedRows(rows: readonly ServerUserRow[], ticks: RowTicks): ServerUserRow[] {
  return rows.filter((row) => isTicked(row, ticks));
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
