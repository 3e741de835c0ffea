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
  /** What the answer is wanted as (default JSON). */
  accept?: string;
  /** Ends the call early (the caller went away); its abort is rethrown as it is, not as 'unreachable'. */
  signal?: AbortSignal;
  /** The tag of the answer the caller holds: a 304 is then an answer, not a failure. */
  ifNoneMatch?: string;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The recorder's successful answer to `baseUrl + path`, its body unread (a picture streams on); throws RecorderCallError. */
export async function openRecorder(baseUrl: string, path: string, call: RecorderCall = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: call.accept ?? 'application/json' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.json !== undefined) headers['content-type'] = 'application/json';
  if (call.ifNoneMatch !== undefined) headers['if-none-match'] = call.ifNoneMatch;
  const timeout = AbortSignal.timeout(call.timeoutMs ?? RECORDER_CALL_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: call.method ?? 'GET',
      headers,
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
      redirect: 'manual',
      signal: call.signal ? AbortSignal.any([timeout, call.signal]) : timeout,
    });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    const why = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'cannot be reached';
    throw new RecorderCallError('unreachable', `The server ${why}.`);
  }
  if (response.status === 304 && call.ifNoneMatch !== undefined) return response;
  if (!response.ok) {
    const reply = (parseJson(await response.text().catch(() => '')) ?? {}) as { code?: unknown; reason?: unknown };
    const code = typeof reply.code === 'string' ? reply.code : undefined;
    const reason = typeof reply.reason === 'string' ? reply.reason : `The server answered ${response.status}.`;
    throw new RecorderCallError(response.status === 401 ? 'refused' : 'failed', reason, response.status, code);
  }
  return response;
}

/** JSON from `baseUrl + path`; throws RecorderCallError. A 204 answers undefined. */
export async function callRecorder<T>(baseUrl: string, path: string, call: RecorderCall = {}): Promise<T> {
  const response = await openRecorder(baseUrl, path, call);
  return parseJson(await response.text().catch(() => '')) as T;
}

/** A value read from a recorder's answer, kept with the answer's tag. */
export interface Tagged<T> {
  etag: string;
  value: T;
}

/**
 * A conditional read: `path` asked with the tag of `kept`, so an unchanged
 * answer is a 304 and `kept` serves again; a new body is turned into a value
 * by `read` (given the bytes, unparsed, for callers that pass a large answer
 * on). Answers the value and what to keep for the next read (undefined when
 * the recorder gave no tag). Failures throw RecorderCallError as
 * callRecorder's do; a body cut off on the way is 'unreachable'.
 */
export async function readTagged<T>(
  baseUrl: string,
  path: string,
  call: RecorderCall,
  kept: Tagged<T> | undefined,
  read: (body: Buffer) => T,
): Promise<{ value: T; keep: Tagged<T> | undefined }> {
  const response = await openRecorder(baseUrl, path, { ...call, ...(kept ? { ifNoneMatch: kept.etag } : {}) });
  if (response.status === 304) {
    // Nothing to read; released so the connection goes back to the pool.
    await response.body?.cancel().catch(() => undefined);
    if (!kept) throw new RecorderCallError('failed', 'The server answered 304 to an unconditional request.');
    return { value: kept.value, keep: kept };
  }
  let body: Buffer;
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch {
    throw new RecorderCallError('unreachable', 'The server stopped in the middle of its answer.');
  }
  const value = read(body);
  const etag = response.headers.get('etag');
  return { value, keep: etag ? { etag, value } : undefined };
}

/** Signs in to a recorder; a 401 is 'refused' (the credentials are wrong). */
export async function signInToRecorder(baseUrl: string, username: string, password: string): Promise<Session> {
  return callRecorder<Session>(baseUrl, '/service/sessions/user', {
    method: 'POST',
    json: { username, password, cookie: 'session', type: 'user' },
  });
}
