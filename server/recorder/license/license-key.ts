/**
 * The signed license key: base64url(JSON payload) + '.' + base64url(Ed25519
 * signature of the payload's bytes). The activation service signs with its
 * private key; the recorder verifies offline against the issuer's public
 * key, so no network is needed at start and a key edited by hand (a camera
 * count raised, an expiry moved) fails the signature.
 *
 * Pure (node:crypto only, no Fastify, no storage); shared by the recorder
 * and the activation service. Cost: one Ed25519 verify (tens of µs).
 * Limits: no revocation list; a key is valid until it expires.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { LICENSE_EDITIONS, type LicenseEdition } from '../../shared/api/license';

export const LICENSE_KEY_VERSION = 1;
/** A key longer than this is not one of ours (the route's schema allows the same). */
const MAX_KEY_CHARS = 8192;

export interface LicensePayload {
  version: number;
  machineId: string;
  edition: Exclude<LicenseEdition, 'trial'>;
  cameras: number;
  /** Most bytes of archive kept; null means unlimited. */
  retentionBytes: number | null;
  /** Epoch ms; null means it does not expire. */
  expiresMs: number | null;
  activationCode: string;
  location: string | null;
  issuedAtMs: number;
}

export type LicenseProblem = 'malformed' | 'signature' | 'machine' | 'expired' | 'no-issuer';

export type LicenseCheck = { ok: true; payload: LicensePayload } | { ok: false; problem: LicenseProblem; reason: string };

const REASONS: Record<LicenseProblem, string> = {
  malformed: 'The license key is not a valid key.',
  signature: 'The license key was not issued by the activation service (its signature does not match).',
  machine: 'The license key was issued for another machine.',
  expired: 'The license key has expired.',
  'no-issuer': 'This recorder has no license issuer key to check license keys with.',
};

function fail(problem: LicenseProblem): LicenseCheck {
  return { ok: false, problem, reason: REASONS[problem] };
}

export function signLicense(payload: LicensePayload, privateKey: KeyObject | string): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const signature = sign(null, body, key);
  return `${body.toString('base64url')}.${signature.toString('base64url')}`;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** The payload's fields with their types checked; undefined for anything else. */
function payloadOf(value: unknown): LicensePayload | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const p = value as Record<string, unknown>;
  const edition = p.edition as LicenseEdition;
  if (!isCount(p.version) || !isText(p.machineId, 128) || !isText(p.activationCode, 64)) return undefined;
  if (!LICENSE_EDITIONS.includes(edition) || edition === 'trial') return undefined;
  if (!isCount(p.cameras) || !(p.retentionBytes === null || isCount(p.retentionBytes))) return undefined;
  if (!(p.expiresMs === null || isCount(p.expiresMs)) || !isCount(p.issuedAtMs)) return undefined;
  if (!(p.location === null || isText(p.location, 1024))) return undefined;
  return {
    version: p.version,
    machineId: p.machineId,
    edition,
    cameras: p.cameras,
    retentionBytes: p.retentionBytes,
    expiresMs: p.expiresMs,
    activationCode: p.activationCode,
    location: p.location,
    issuedAtMs: p.issuedAtMs,
  };
}

/** The key's two parts, its payload decoded; no signature check (for display and for the checks below). */
function split(key: string): { body: Buffer; signature: Buffer; payload: LicensePayload } | undefined {
  const trimmed = key.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_KEY_CHARS) return undefined;
  const parts = trimmed.split('.');
  if (parts.length !== 2 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return undefined;
  const body = Buffer.from(parts[0]!, 'base64url');
  const signature = Buffer.from(parts[1]!, 'base64url');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // not JSON: a malformed key, answered as such by the caller
  }
  const payload = payloadOf(parsed);
  return payload ? { body, signature, payload } : undefined;
}

/** The payload without any check, for showing what an invalid key claims; undefined when it is not a key. */
export function readLicensePayload(key: string): LicensePayload | undefined {
  return split(key)?.payload;
}

export interface VerifyOptions {
  /** The issuer's Ed25519 public key (PEM); undefined when the recorder was given none. */
  issuerPublicKey: KeyObject | string | undefined;
  machineId: string;
  nowMs: number;
}

/** Checks, in order: shape, signature, machine, expiry. */
export function verifyLicense(key: string, options: VerifyOptions): LicenseCheck {
  const parts = split(key);
  if (!parts) return fail('malformed');
  if (options.issuerPublicKey === undefined) return fail('no-issuer');
  let publicKey: KeyObject;
  try {
    publicKey = typeof options.issuerPublicKey === 'string' ? createPublicKey(options.issuerPublicKey) : options.issuerPublicKey;
  } catch {
    return fail('no-issuer'); // an unreadable issuer key checks nothing
  }
  let signed: boolean;
  try {
    signed = verify(null, parts.body, publicKey, parts.signature);
  } catch {
    signed = false; // a key of another type, or a signature of the wrong length
  }
  if (!signed) return fail('signature');
  if (parts.payload.machineId !== options.machineId) return fail('machine');
  if (parts.payload.expiresMs !== null && parts.payload.expiresMs <= options.nowMs) return fail('expired');
  return { ok: true, payload: parts.payload };
}
