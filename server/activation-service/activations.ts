/**
 * What the activation service does with a code (spec 7): activate binds an
 * activation code to one machine and issues a signed key for it (asking
 * again from the same machine issues the key again, with the same expiry);
 * renew spends a renewal code on an activated code, moving its expiry later
 * (from the later of now and the current expiry) and applying any upgrade
 * the renewal carries, and issues the new key. No Fastify here.
 */
import type { KeyObject } from 'node:crypto';
import { isActivationCode, isRenewalCode, normalizeCode, validateLocation } from '../shared/activation-code';
import type { ActivationAnswer, ActivationErrorCode } from '../shared/api/license';
import { DAY_MS } from '../shared/validation';
import { LICENSE_KEY_VERSION, signLicense } from '../recorder/license/license-key';
import type { CodeRecord, CodeStore } from './code-store';

const MACHINE_ID = /^[A-Za-z0-9-]{8,128}$/;

export const refuse = (code: ActivationErrorCode, reason: string): ActivationAnswer => ({ status: 'error', code, reason });

function issue(record: CodeRecord, activationCode: string, privateKey: KeyObject, nowMs: number): ActivationAnswer {
  return {
    status: 'success',
    license: signLicense(
      {
        version: LICENSE_KEY_VERSION,
        machineId: record.machineId!,
        edition: record.edition,
        cameras: record.cameras ?? 0,
        retentionBytes: record.retentionBytes ?? null,
        expiresMs: record.expiresMs ?? null,
        activationCode,
        location: record.location ?? null,
        issuedAtMs: nowMs,
      },
      privateKey,
    ),
  };
}

export interface ActivateFields {
  activation_code?: string;
  machine_id?: string;
  location_description?: string;
}

export function activate(store: CodeStore, privateKey: KeyObject, fields: ActivateFields, nowMs: number): ActivationAnswer {
  const code = normalizeCode(fields.activation_code ?? '');
  const machineId = (fields.machine_id ?? '').trim();
  if (!isActivationCode(code)) return refuse('malformed', 'The activation code must be four groups of five letters or digits (XXXXX-XXXXX-XXXXX-XXXXX).');
  if (!MACHINE_ID.test(machineId)) return refuse('malformed', 'The machine id is missing or not valid.');
  const locationError = validateLocation(fields.location_description);
  if (locationError) return refuse('malformed', locationError);
  const record = store.get(code);
  if (!record || record.kind !== 'activation') return refuse('unknown-code', 'This activation code does not exist.');
  if (record.machineId !== undefined && record.machineId !== machineId) {
    return refuse('code-in-use', 'This activation code is already activated on another machine.');
  }
  let bound = record;
  if (record.machineId === undefined) {
    bound = {
      ...record,
      machineId,
      location: fields.location_description?.trim() || null,
      activatedMs: nowMs,
      expiresMs: record.validDays === null ? null : nowMs + record.validDays * DAY_MS,
    };
    store.update(code, bound);
  }
  return issue(bound, code, privateKey, nowMs);
}

export interface RenewFields {
  renewal_code?: string;
  activation_code?: string;
}

export function renew(store: CodeStore, privateKey: KeyObject, fields: RenewFields, nowMs: number): ActivationAnswer {
  const renewalCode = normalizeCode(fields.renewal_code ?? '');
  const code = normalizeCode(fields.activation_code ?? '');
  if (!isRenewalCode(renewalCode)) return refuse('malformed', 'The renewal code must be four groups of four letters or digits (XXXX-XXXX-XXXX-XXXX).');
  if (!isActivationCode(code)) return refuse('malformed', 'The activation code must be four groups of five letters or digits (XXXXX-XXXXX-XXXXX-XXXXX).');
  const renewal = store.get(renewalCode);
  if (!renewal || renewal.kind !== 'renewal') return refuse('unknown-code', 'This renewal code does not exist.');
  if (renewal.usedMs !== undefined) return refuse('renewal-used', 'This renewal code was already used.');
  const record = store.get(code);
  if (!record || record.kind !== 'activation' || record.machineId === undefined) {
    return refuse('not-activated', 'The activation code to renew has not been activated.');
  }
  const from = Math.max(nowMs, record.expiresMs ?? nowMs);
  const renewed: CodeRecord = {
    ...record,
    edition: renewal.edition,
    cameras: renewal.cameras ?? record.cameras,
    retentionBytes: renewal.retentionBytes !== undefined ? renewal.retentionBytes : record.retentionBytes,
    // A license that never expired stays so; a renewal without days makes it so.
    expiresMs: renewal.validDays === null || record.expiresMs === null ? null : from + renewal.validDays * DAY_MS,
  };
  store.update(code, renewed);
  store.update(renewalCode, { ...renewal, usedMs: nowMs });
  return issue(renewed, code, privateKey, nowMs);
}
