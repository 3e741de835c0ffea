/**
 * Sign-in failure messages (spec 8): no response (status -1) gives the
 * offline message, a server reason is shown as is (wrong password,
 * throttling), anything else is the unexpected-error message.
 */
import { isHttpError } from '../../api/http-error';
import { MESSAGES } from '../../../server/shared/validation';
import { t } from '../../i18n/translate';

export function describeSignInError(error: unknown): string {
  if (isHttpError(error)) {
    if (error.noResponse) return t('signIn.offline');
    if (error.reason) return error.reason;
  }
  return t('errors.unexpected');
}

/** Spec 5: both fields are required; username@domain is a valid username here. */
export function signInFieldsError(username: string, password: string): string | undefined {
  return username.trim() === '' || password === '' ? MESSAGES.signInRequired : undefined;
}
