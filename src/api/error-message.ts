/**
 * Turns a failed call into the text a user reads (spec 8): no response gives
 * 'no response returned from <product>', a server reason is shown as is,
 * anything else is the unexpected-error message.
 */
import { BRAND } from '../brand/brand';
import { t } from '../i18n/translate';
import { isHttpError } from './http-error';

export function describeApiError(error: unknown, product: string = BRAND.productName): string {
  if (isHttpError(error)) {
    if (error.noResponse) return t('errors.noResponseReturnedFrom', { product });
    if (error.reason) return error.reason;
  }
  return t('errors.unexpected');
}
