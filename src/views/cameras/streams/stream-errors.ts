/**
 * The wording of the streams part's failures (spec 8 "Cameras"):
 *
 * - camera errors (delete, make primary, copy, add refused by the recorder)
 *   show 'code: reason' when the recorder sent both, else the generic
 *   unexpected-error message;
 * - stream save errors show the recorder's reason, or 'no response from the
 *   recorder' when there is none to show; when the camera itself refused
 *   the settings or could not be reached (422 with a code), the save error
 *   is a camera error and shows 'code: reason';
 * - a verification that fails shows 'camera verification failed' with the
 *   message it came back with.
 */
import { isHttpError } from '../../../api/http-error';
import { t } from '../../../i18n/translate';

export function describeCameraError(error: unknown): string {
  if (isHttpError(error) && error.code && error.reason) return `${error.code}: ${error.reason}`;
  return t('errors.unexpected');
}

/** The recorder answers 422 when the request was fine but the camera refused it or could not be reached. */
const CAMERA_PROBLEM_STATUS = 422;

export function describeStreamSaveError(error: unknown): string {
  if (isHttpError(error) && error.status === CAMERA_PROBLEM_STATUS && error.code && error.reason) return `${error.code}: ${error.reason}`;
  if (isHttpError(error) && error.reason) return error.reason;
  return t('streams.noResponseFromRecorder');
}

/** The alert of a failed verification: the result's message, or the call's error in camera wording. */
export function describeVerificationFailure(messageOrError: string | unknown): string {
  const message = typeof messageOrError === 'string' ? messageOrError : describeCameraError(messageOrError);
  return t('streams.verificationFailed', { message });
}
