/**
 * The external activation service (spec 7), called by the browser itself at
 * the activationUrl the recorder names (the service allows any origin):
 * ping with the spec's 5 s time-out (no answer means offline activation),
 * activate and renew as form-encoded POSTs. Both answer
 * { status: 'success', license } or { status: 'error', code, reason }, also
 * on an error status; anything else (no answer, another body) becomes an
 * error answer without a code so the dialog shows one reason.
 *
 * Not through api/http: that module adds the recorder's token, which must
 * not go to another host, and expects the recorder's error bodies.
 */
import type { ActivationAnswer } from '../../server/shared/api/license';
import { ACTIVATION_PATHS, ACTIVATION_PING_TIMEOUT_MS } from '../core/license/license-rules';
import { t } from '../i18n/translate';

function endpoint(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** True when GET /ping answers 2xx within the time-out. */
export async function pingActivationService(baseUrl: string, timeoutMs = ACTIVATION_PING_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(endpoint(baseUrl, ACTIVATION_PATHS.ping), { signal: controller.signal, cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The service's answer, or an error without a code when it gave none (no answer, an unknown body). */
export type ActivationResult = ActivationAnswer | { status: 'error'; code?: undefined; reason: string };

function isAnswer(body: unknown): body is ActivationAnswer {
  if (typeof body !== 'object' || body === null) return false;
  const value = body as Record<string, unknown>;
  if (value.status === 'success') return typeof value.license === 'string';
  return value.status === 'error' && typeof value.reason === 'string';
}

async function post(baseUrl: string, path: string, fields: Record<string, string>): Promise<ActivationResult> {
  let response: Response;
  try {
    response = await fetch(endpoint(baseUrl, path), { method: 'POST', body: new URLSearchParams(fields) });
  } catch {
    return { status: 'error', reason: t('license.serviceUnreachable') };
  }
  const body: unknown = await response.json().catch(() => null);
  if (isAnswer(body)) return body;
  return { status: 'error', reason: t('errors.unexpected') };
}

export const activationServiceApi = {
  ping: pingActivationService,
  activate: (baseUrl: string, activationCode: string, machineId: string, location: string) =>
    post(baseUrl, ACTIVATION_PATHS.activate, {
      activation_code: activationCode,
      machine_id: machineId,
      ...(location.trim() ? { location_description: location.trim() } : {}),
      headless: '1',
    }),
  renew: (baseUrl: string, renewalCode: string, activationCode: string) =>
    post(baseUrl, ACTIVATION_PATHS.renew, { renewal_code: renewalCode, activation_code: activationCode }),
};
