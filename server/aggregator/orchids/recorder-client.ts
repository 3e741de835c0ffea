/**
 * The aggregator's calls to one recorder over HTTP (fetch, with a time-out
 * on every call, so a recorder that hangs cannot hold a request or the
 * health loop). Failures are told apart because the client shows them
 * differently: 'unreachable' (nothing answered: offline), 'refused' (the
 * recorder answered 401: wrong credentials, 'authentication-failed') and
 * 'failed' (any other answer). Never follows redirects: a recorder's
 * credentials go to the address the administrator gave, nowhere else.
 */
import type { Session } from '../../shared/api';

export const RECORDER_CALL_TIMEOUT_MS = 5000;

export type RecorderFailureKind = 'unreachable' | 'refused' | 'failed';

export class RecorderCallError extends Error {
  constructor(
    readonly kind: RecorderFailureKind,
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface RecorderCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  token?: string;
  json?: unknown;
  timeoutMs?: number;
}

/** JSON from `baseUrl + path`; throws RecorderCallError. A 204 answers undefined. */
export async function callRecorder<T>(baseUrl: string, path: string, call: RecorderCall = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.json !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: call.method ?? 'GET',
      headers,
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs ?? RECORDER_CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const why = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'cannot be reached';
    throw new RecorderCallError('unreachable', `The server ${why}.`);
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const reply = (body ?? {}) as { code?: unknown; reason?: unknown };
    const code = typeof reply.code === 'string' ? reply.code : undefined;
    const reason = typeof reply.reason === 'string' ? reply.reason : `The server answered ${response.status}.`;
    throw new RecorderCallError(response.status === 401 ? 'refused' : 'failed', reason, response.status, code);
  }
  return body as T;
}

/** Signs in to a recorder; a 401 is 'refused' (the credentials are wrong). */
export async function signInToRecorder(baseUrl: string, username: string, password: string): Promise<Session> {
  return callRecorder<Session>(baseUrl, '/service/sessions/user', {
    method: 'POST',
    json: { username, password, cookie: 'session', type: 'user' },
  });
}
