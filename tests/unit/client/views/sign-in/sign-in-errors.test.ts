import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../../server/shared/validation';
import { HttpError, NO_RESPONSE } from '../../../../../src/api/http-error';
import { describeSignInError, signInFieldsError } from '../../../../../src/views/sign-in/sign-in-errors';

describe('sign-in errors (spec 8)', () => {
  it('both fields are required', () => {
    expect(signInFieldsError('', '')).toBe(MESSAGES.signInRequired);
    expect(signInFieldsError('admin', '')).toBe(MESSAGES.signInRequired);
    expect(signInFieldsError('  ', 'x')).toBe(MESSAGES.signInRequired);
    expect(signInFieldsError('admin', 'x')).toBeUndefined();
  });

  it('accepts username@domain', () => {
    expect(signInFieldsError('jane@corp.example', 'x')).toBeUndefined();
  });

  it('an unreachable server gives the offline message', () => {
    expect(describeSignInError(new HttpError(NO_RESPONSE, null, null))).toMatch(/cannot be reached/);
  });

  it("shows the server's reason as is", () => {
    expect(describeSignInError(new HttpError(401, 'authentication-failed', 'Invalid username or password.'))).toBe(
      'Invalid username or password.',
    );
    expect(describeSignInError(new HttpError(429, 'too-many-attempts', 'Too many failed sign-in attempts. Try again in 30 seconds.'))).toBe(
      'Too many failed sign-in attempts. Try again in 30 seconds.',
    );
  });

  it('anything else is an unexpected error', () => {
    expect(describeSignInError(new HttpError(500, null, null))).toBe('An unexpected error has occurred.');
    expect(describeSignInError(new Error('x'))).toBe('An unexpected error has occurred.');
  });
});
