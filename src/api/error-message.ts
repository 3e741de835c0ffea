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

/**
 * The camera screen's wording (spec 8 "Cameras"): 'code: reason' when the
 * server sent both, the reason alone when it sent no code, otherwise what
 * describeApiError says (no response, or the unexpected-error message).
 */
export function describeCodedApiError(error: unknown, product: string = BRAND.productName): string {
  if (isHttpError(error) && error.reason && error.code) return `${error.code}: ${error.reason}`;
  return describeApiError(error, product);
}
