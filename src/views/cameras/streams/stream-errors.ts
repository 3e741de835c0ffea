/**
 * The wording of the streams part's failures (spec 8 "Cameras"):
 *
 * - camera errors (delete, make primary, copy, add refused by the recorder)
 *   show 'code: reason' when the recorder sent both, else the generic
 *   unexpected-error message;
 * - stream save errors show the recorder's reason, or 'no response from the
 *   recorder' when there is none to show;
 * - a verification that fails shows 'camera verification failed' with the
 *   message it came back with.
 */
import { isHttpError } from '../../../api/http-error';
import { t } from '../../../i18n/translate';

export function describeCameraError(error: unknown): string {
  if (isHttpError(error) && error.code && error.reason) return `${error.code}: ${error.reason}`;
  return t('errors.unexpected');
}

export function describeStreamSaveError(error: unknown): string {
  if (isHttpError(error) && error.reason) return error.reason;
  return t('streams.noResponseFromRecorder');
}

/** The alert of a failed verification: the result's message, or the call's error in camera wording. */
export function describeVerificationFailure(messageOrError: string | unknown): string {
  const message = typeof messageOrError === 'string' ? messageOrError : describeCameraError(messageOrError);
  return t('streams.verificationFailed', { message });
}
