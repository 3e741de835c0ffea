import { describe, expect, it } from 'vitest';
import { describeApiError } from '../../../../src/api/error-message';
import { HttpError, NO_RESPONSE, parseErrorBody } from '../../../../src/api/http-error';

describe('API error messages (spec 8)', () => {
  it('no response names the product', () => {
    expect(describeApiError(new HttpError(NO_RESPONSE, null, null), 'Argus VMS')).toBe('No response was returned from Argus VMS.');
  });

  it('shows the server reason as is', () => {
    expect(describeApiError(new HttpError(409, 'user-exists', "A user named 'bob' already exists."))).toBe(
      "A user named 'bob' already exists.",
    );
  });

  it('falls back to the unexpected-error message', () => {
    expect(describeApiError(new HttpError(500, null, null))).toBe('An unexpected error has occurred.');
    expect(describeApiError(new TypeError('x'))).toBe('An unexpected error has occurred.');
  });

  it('reads {code, reason} bodies and ignores anything else', () => {
    expect(parseErrorBody({ code: 'no_session', reason: 'Expired' })).toEqual({ code: 'no_session', reason: 'Expired' });
    expect(parseErrorBody({ code: 1, reason: '  ' })).toEqual({ code: null, reason: null });
    expect(parseErrorBody('<html>Bad gateway</html>')).toEqual({ code: null, reason: null });
    expect(parseErrorBody(null)).toEqual({ code: null, reason: null });
  });
});
