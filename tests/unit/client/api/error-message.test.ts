import { describe, expect, it } from 'vitest';
import { describeApiError, describeCodedApiError } from '../../../../src/api/error-message';
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

  it("camera errors read 'code: reason' when the server sent both (spec 8 Cameras)", () => {
    expect(describeCodedApiError(new HttpError(422, 'camera-authentication-failed', 'The camera refused the username or password.'))).toBe(
      'camera-authentication-failed: The camera refused the username or password.',
    );
    expect(describeCodedApiError(new HttpError(400, null, 'Camera name is required.'))).toBe('Camera name is required.');
    expect(describeCodedApiError(new HttpError(500, 'internal', null))).toBe('An unexpected error has occurred.');
    expect(describeCodedApiError(new HttpError(NO_RESPONSE, null, null), 'Argus VMS')).toBe('No response was returned from Argus VMS.');
  });
});
