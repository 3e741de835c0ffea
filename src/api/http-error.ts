/**
 * The one error type of the API client. `status` is the HTTP status, or -1
 * when no response arrived (network failure, refused connection, time-out),
 * which spec 8 treats as "server unreachable". `code` and `reason` come from
 * the server's `{ code, reason }` error body when it sent one.
 */
export const NO_RESPONSE = -1;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly reason: string | null,
    readonly timedOut = false,
  ) {
    super(reason ?? (status === NO_RESPONSE ? 'No response' : `HTTP ${status}`));
    this.name = 'HttpError';
  }

  get noResponse(): boolean {
    return this.status === NO_RESPONSE;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** Reads `{ code, reason }` from an error body; anything else gives nulls. */
export function parseErrorBody(body: unknown): { code: string | null; reason: string | null } {
  if (typeof body !== 'object' || body === null) return { code: null, reason: null };
  const { code, reason } = body as { code?: unknown; reason?: unknown };
  return {
    code: typeof code === 'string' ? code : null,
    reason: typeof reason === 'string' && reason.trim() !== '' ? reason : null,
  };
}
