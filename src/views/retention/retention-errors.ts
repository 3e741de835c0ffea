/**
 * Spec 8 retention errors: a failed save shows unexpectedErrorWhenSavingRetention
 * with the server's reason; a failed load shows the reason or 'unknown error';
 * an answer that is not the policy data shows failedToLoadPolicyData. No
 * response at all is the app-wide noResponseReturnedFrom.
 */
import type { CamerasDiskUsageResponse, DiskUtilization } from '../../../server/shared/api';
import { describeApiError } from '../../api/error-message';
import { isHttpError } from '../../api/http-error';
import { t } from '../../i18n/translate';

export class PolicyDataError extends Error {}

/** Throws PolicyDataError unless both answers have the shapes the screen reads. */
export function checkPolicyData(disk: unknown, usage: unknown): { disk: DiskUtilization; usage: CamerasDiskUsageResponse } {
  const d = disk as Partial<DiskUtilization> | undefined;
  const u = usage as Partial<CamerasDiskUsageResponse> | undefined;
  const number = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  const diskOk = d && d.storage && number(d.storage.capacity) && number(d.availableUpToThreshold) && number(d.thresholdPercentage);
  if (!diskOk || !u || !Array.isArray(u.cameras)) throw new PolicyDataError('policy data');
  return { disk: d as DiskUtilization, usage: u as CamerasDiskUsageResponse };
}

function reasonOf(error: unknown): string {
  return isHttpError(error) && error.reason ? error.reason : t('retention.errors.unknown');
}

export function loadErrorMessage(error: unknown): string {
  if (error instanceof PolicyDataError) return t('retention.errors.failedToLoadPolicyData');
  if (isHttpError(error) && error.noResponse) return describeApiError(error);
  return t('retention.errors.initFailed', { reason: reasonOf(error) });
}

export function saveErrorMessage(error: unknown): string {
  if (isHttpError(error) && error.noResponse) return describeApiError(error);
  return t('retention.errors.unexpectedErrorWhenSavingRetention', { reason: reasonOf(error) });
}
