/**
 * The servers of the multi-server edition (spec 2 "servers dashboard", 3
 * 'Server', 7, 8): the list, refreshed every 60 s while a screen holds it
 * (spec 9 server list refresh), and register, edit, refresh and unregister.
 * A failed list logs 'Failed to fetch Orchids' and keeps the last list;
 * a failed unregister says whether it can be forced ('unregister-failed':
 * the server could not be told to forget the aggregator).
 */
import { proxy, ref } from 'valtio/vanilla';
import type { Orchid, RegisterOrchidRequest, UpdateOrchidRequest } from '../../server/shared/api';
import { describeApiError } from '../api/error-message';
import { isHttpError } from '../api/http-error';
import { orchidsApi } from '../api/orchids-api';
import { QueueResetError } from '../../server/shared/request-queue';
import { t } from '../i18n/translate';
import { startRefreshTimer } from './refresh-timers';
import { learnServerClocks } from './clock.store';

/** Spec 9: the server list is read again every minute. */
export const ORCHIDS_REFRESH_MS = 60_000;

export interface OrchidsState {
  orchids: Orchid[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadError: string | null;
}

export const orchidsState = proxy<OrchidsState>({ orchids: [], status: 'idle', loadError: null });

const byName = (a: Orchid, b: Orchid) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

export async function fetchOrchids(): Promise<void> {
  if (orchidsState.status !== 'ready') orchidsState.status = 'loading';
  try {
    const orchids = await orchidsApi.list();
    orchidsState.orchids = [...orchids].sort(byName).map((orchid) => ref(orchid));
    learnServerClocks(orchids);
    orchidsState.status = 'ready';
    orchidsState.loadError = null;
  } catch (error) {
    if (error instanceof QueueResetError) return;
    console.error('Failed to fetch Orchids', error);
    orchidsState.status = 'failed';
    orchidsState.loadError = `${t('servers.failedToFetch')} ${describeApiError(error)}`;
  }
}

/** Reads the list now and every minute until the returned function is called. */
export function followOrchids(): () => void {
  return startRefreshTimer(() => void fetchOrchids(), ORCHIDS_REFRESH_MS);
}

export type OrchidSaveResult = { ok: true } | { ok: false; message: string };

/** The words for a failed register or edit: the spec 8 codes get sentences, others the server's reason. */
export function describeOrchidError(error: unknown): string {
  if (isHttpError(error)) {
    if (error.code === 'authentication-failed') return t('servers.authenticationFailed');
    if (error.code === 'orchid-not-available') return t('servers.notAvailable');
  }
  return describeApiError(error);
}

export async function registerOrchid(request: RegisterOrchidRequest): Promise<OrchidSaveResult> {
  try {
    await orchidsApi.register(request);
  } catch (error) {
    return { ok: false, message: describeOrchidError(error) };
  }
  await fetchOrchids();
  return { ok: true };
}

export async function updateOrchid(id: string, request: UpdateOrchidRequest): Promise<OrchidSaveResult> {
  try {
    await orchidsApi.update(id, request);
  } catch (error) {
    return { ok: false, message: describeOrchidError(error) };
  }
  await fetchOrchids();
  return { ok: true };
}

export async function refreshOrchid(id: string): Promise<OrchidSaveResult> {
  try {
    await orchidsApi.refresh(id);
  } catch (error) {
    return { ok: false, message: describeOrchidError(error) };
  }
  await fetchOrchids();
  return { ok: true };
}

/**
 * Checks one server again now and keeps what was found in the list, so the
 * container's notice follows a server that restarts; null when the check
 * itself got no answer (the caller takes the server as unavailable then).
 */
export async function checkOrchid(id: string): Promise<Orchid | null> {
  let orchid: Orchid;
  try {
    orchid = await orchidsApi.refresh(id);
  } catch {
    // The aggregator did not answer the check: nothing known to keep.
    return null;
  }
  orchidsState.orchids = orchidsState.orchids.map((known) => (known.id === id ? ref(orchid) : known));
  return orchid;
}

export type UnregisterResult = { ok: true } | { ok: false; message: string; canForce: boolean };

export async function unregisterOrchid(id: string, force: boolean): Promise<UnregisterResult> {
  try {
    await orchidsApi.remove(id, force);
  } catch (error) {
    const canForce = !force && isHttpError(error) && error.code === 'unregister-failed';
    return { ok: false, message: describeOrchidError(error), canForce };
  }
  await fetchOrchids();
  return { ok: true };
}
