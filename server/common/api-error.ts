/**
 * The one error type domain code throws. The HTTP layer maps it to a reply
 * {code, reason} with its status; anything else becomes a 500 whose details
 * stay in the log.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const badRequest = (reason: string, code = 'invalid-request') => new ApiError(400, code, reason);
export const unauthorized = (reason = 'Authentication required', code = 'authentication-failed') =>
  new ApiError(401, code, reason);
export const forbidden = (reason = 'You do not have permission to do this.', code = 'forbidden') =>
  new ApiError(403, code, reason);
export const notFound = (reason: string, code = 'not-found') => new ApiError(404, code, reason);
export const conflict = (reason: string, code = 'conflict') => new ApiError(409, code, reason);
