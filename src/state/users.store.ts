/**
 * Users of the serving recorder (spec 2 "Users", 5, 6): the list and the
 * create, update and delete actions. Messages follow spec 8:
 * failedToFetchUsers (adding is then disabled), failedToDeleteUser, and
 * save errors as server reason / no response / unexpected. Editing one's own
 * account ends one's session (the server ends it too); deleting oneself
 * reloads the page.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { CreateUserRequest, UpdateUserRequest, User } from '../../server/shared/api';
import { describeApiError } from '../api/error-message';
import { isHttpError } from '../api/http-error';
import { QueueResetError } from '../../server/shared/request-queue';
import { usersApi } from '../api/users-api';
import { t } from '../i18n/translate';
import { endSession, sessionState } from './session.store';

export interface UsersState {
  users: User[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Set when the list could not be fetched; adding users is disabled then. */
  loadError: string | null;
}

export const usersState = proxy<UsersState>({ users: [], status: 'idle', loadError: null });

function isSelf(userId: string): boolean {
  return sessionState.session?.owner.id === userId;
}

export async function fetchUsers(): Promise<void> {
  usersState.status = 'loading';
  try {
    const users = await usersApi.list();
    usersState.users = users.map((user) => ref(user));
    usersState.status = 'ready';
    usersState.loadError = null;
  } catch (error) {
    if (error instanceof QueueResetError) return; // the user left the screen
    usersState.status = 'failed';
    usersState.loadError = `${t('users.failedToFetchUsers')} ${describeApiError(error)}`;
  }
}

export type SaveResult = { ok: true; signedOut: boolean } | { ok: false; message: string };

export async function createUser(request: CreateUserRequest): Promise<SaveResult> {
  try {
    await usersApi.create(request);
  } catch (error) {
    return { ok: false, message: describeApiError(error) };
  }
  await fetchUsers();
  return { ok: true, signedOut: false };
}

export async function updateUser(id: string, request: UpdateUserRequest): Promise<SaveResult> {
  try {
    await usersApi.update(id, request);
  } catch (error) {
    return { ok: false, message: describeApiError(error) };
  }
  if (isSelf(id)) {
    // The server ended this user's sessions; go back to sign-in without another call.
    endSession();
    return { ok: true, signedOut: true };
  }
  await fetchUsers();
  return { ok: true, signedOut: false };
}

export async function deleteUser(user: User): Promise<SaveResult> {
  try {
    await usersApi.remove(user.id);
  } catch (error) {
    const detail = isHttpError(error) && error.reason ? error.reason : describeApiError(error);
    return { ok: false, message: t('users.failedToDeleteUser', { username: user.username, detail }) };
  }
  if (isSelf(user.id)) {
    endSession();
    globalThis.location.reload();
    return { ok: true, signedOut: true };
  }
  await fetchUsers();
  return { ok: true, signedOut: false };
}
