/**
 * A user's accounts on the registered servers, for the users screen's bulk
 * dialogs in multi-server mode (spec 2 "bulk-replicate and bulk-delete
 * dialogs", spec 5 "Bulk create ... bulk update/replicate"): each server's
 * users, read through the aggregator's proxy as the signed-in user, and the
 * per-server create, update and delete calls, each answered on its own so
 * one server's refusal neither stops nor hides the others'.
 *
 * Each server checks the request itself (its own users' rules, spec 5 and
 * 6): an administrator here is an administrator there, a lesser role is
 * refused there. Cost: one list call per server when a dialog's table opens
 * (the 'user' queue, 5 at a time), one call per applied server on save.
 */
import type { CreateUserRequest, UpdateUserRequest, User } from '../../server/shared/api';
import { describeApiError } from '../api/error-message';
import { orchidsApi } from '../api/orchids-api';
import { usersApi } from '../api/users-api';
import { t } from '../i18n/translate';

/**
 * One server's users as the dialog found them: its list, or why it could not
 * be read; signInUsername is the account the aggregator signs in with there
 * (the registration's username; the list gives it to administrators only).
 */
export type ServerUsers = { orchidId: string; name: string; signInUsername?: string } & ({ users: readonly User[] } | { error: string });

export type ServerUsersResult = { ok: true; servers: ServerUsers[] } | { ok: false; message: string };

/** One call on one server. */
export type ServerUserChange =
  | { orchidId: string; kind: 'create'; body: CreateUserRequest }
  | { orchidId: string; kind: 'update'; userId: string; body: UpdateUserRequest }
  | { orchidId: string; kind: 'remove'; userId: string };

export type ServerUserOutcome = { orchidId: string; ok: true } | { orchidId: string; ok: false; message: string };

const byName = (a: ServerUsers, b: ServerUsers) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.orchidId.localeCompare(b.orchidId);

/** The registered servers, each with its users or the reason they could not be read. */
export async function loadServerUsers(): Promise<ServerUsersResult> {
  let orchids;
  try {
    orchids = await orchidsApi.list();
  } catch (error) {
    return { ok: false, message: `${t('servers.failedToFetch')} ${describeApiError(error)}` };
  }
  const servers = await Promise.all(
    orchids.map(async (orchid): Promise<ServerUsers> => {
      const server = { orchidId: orchid.id, name: orchid.name, ...(orchid.username === undefined ? {} : { signInUsername: orchid.username }) };
      // An offline server would only answer the proxy's not-available: do not ask it.
      if (!orchid.isAvailable) return { ...server, error: t('servers.notAvailable') };
      try {
        return { ...server, users: await usersApi.list(orchid.id) };
      } catch (error) {
        return { ...server, error: describeApiError(error) };
      }
    }),
  );
  return { ok: true, servers: servers.sort(byName) };
}

async function apply(change: ServerUserChange): Promise<void> {
  if (change.kind === 'create') await usersApi.create(change.body, change.orchidId);
  else if (change.kind === 'update') await usersApi.update(change.userId, change.body, change.orchidId);
  else await usersApi.remove(change.userId, change.orchidId);
}

/** Runs every change (servers in parallel) and answers each server's outcome, in the order given. */
export async function applyServerUserChanges(changes: readonly ServerUserChange[]): Promise<ServerUserOutcome[]> {
  return Promise.all(
    changes.map(async (change): Promise<ServerUserOutcome> => {
      try {
        await apply(change);
        return { orchidId: change.orchidId, ok: true };
      } catch (error) {
        return { orchidId: change.orchidId, ok: false, message: describeApiError(error) };
      }
    }),
  );
}
