/**
 * JSON Web Tokens (RFC 7519, compact JWS of RFC 7515) with public-key
 * signatures only: EdDSA (Ed25519, RFC 8037), RS256 (RSA PKCS#1 v1.5 with
 * SHA-256, keys of 2048 bits or more) and ES256 (ECDSA P-256 with SHA-256).
 * The recorder verifies the tokens its trusted issuer mints (the embedding
 * page's server, later the aggregator); the example embedding host and the
 * tests sign with the same code.
 *
 * Why not a library: node:crypto does the signatures; what is left is
 * parsing and the claim checks, written here once and tested. Safe by
 * construction against the known JWT traps: the algorithm is fixed by the
 * key, never chosen by the token ('none', HS256-with-a-public-key and any
 * header that disagrees with the key are refused); `crit` headers are
 * refused; base64url is checked strictly; a token without `exp` is refused,
 * so no token stands for a session that never ends.
 *
 * Pure (node:crypto only). Cost: one signature check (Ed25519 tens of µs,
 * RSA-2048 about 50 µs, P-256 about 100 µs). Limits: no JWE, no JWK sets,
 * no `kid` selection (one key per issuer).
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

export const JWT_ALGORITHMS = ['EdDSA', 'RS256', 'ES256'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** A token longer than this is not one of ours: refused before any parsing. */
export const MAX_JWT_CHARS = 8192;
/** Clock difference tolerated on exp and nbf, seconds. */
export const DEFAULT_LEEWAY_S = 30;
/** The smallest RSA key accepted (NIST SP 800-131A). */
const MIN_RSA_BITS = 2048;

export interface JwtClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  /** Seconds since the epoch. */
  exp?: number;
  nbf?: number;
  iat?: number;
  jti?: string;
  [claim: string]: unknown;
}

export type JwtProblem = 'malformed' | 'algorithm' | 'signature' | 'no-expiry' | 'expired' | 'not-yet-valid' | 'issuer' | 'audience';

export type JwtCheck = { ok: true; claims: JwtClaims & { exp: number }; algorithm: JwtAlgorithm } | { ok: false; problem: JwtProblem; reason: string };

const REASONS: Record<JwtProblem, string> = {
  malformed: 'The token is not a well-formed JSON Web Token.',
  algorithm: "The token's signature algorithm is not the trusted issuer's (unsigned and shared-secret tokens are refused).",
  signature: "The token's signature does not match the trusted issuer's public key.",
  'no-expiry': 'The token has no expiry (exp); only tokens that expire are accepted.',
  expired: 'The token has expired.',
  'not-yet-valid': 'The token is not valid yet (nbf).',
  issuer: 'The token was issued by another issuer than the trusted one (iss).',
  audience: 'The token was issued for another server (aud).',
};

function fail(problem: JwtProblem): JwtCheck {
  return { ok: false, problem, reason: REASONS[problem] };
}

/** The algorithm a key signs with, or undefined for a key this module does not accept (too short an RSA key, a curve other than P-256). */
export function algorithmFor(key: KeyObject): JwtAlgorithm | undefined {
  switch (key.asymmetricKeyType) {
    case 'ed25519':
      return 'EdDSA';
    case 'rsa':
      return (key.asymmetricKeyDetails?.modulusLength ?? 0) >= MIN_RSA_BITS ? 'RS256' : undefined;
    case 'ec':
      return key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? 'ES256' : undefined;
    default:
      return undefined;
  }
}

/** A public key from PEM text (SPKI), with the algorithm it verifies; undefined for anything else. */
export function readPublicKey(pem: string): { key: KeyObject; algorithm: JwtAlgorithm } | undefined {
  if (!pem.includes('-----BEGIN PUBLIC KEY-----')) return undefined;
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    return undefined;
  }
  const algorithm = algorithmFor(key);
  return algorithm ? { key, algorithm } : undefined;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Three base64url parts joined by dots, within the size limit: worth verifying. */
export function looksLikeJwt(token: string): boolean {
  if (token.length > MAX_JWT_CHARS) return false;
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => BASE64URL.test(part));
}

function jsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isSeconds = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export interface VerifyOptions {
  publicKey: KeyObject;
  /** The `iss` the token must carry. */
  issuer: string;
  /** The `aud` the token must carry (alone or among others). */
  audience: string;
  nowMs: number;
  leewayS?: number;
}

export function verifyJwt(token: string, options: VerifyOptions): JwtCheck {
  if (!looksLikeJwt(token)) return fail('malformed');
  const [headerPart, payloadPart, signaturePart] = token.split('.') as [string, string, string];
  const header = jsonPart(headerPart);
  const claims = jsonPart(payloadPart) as JwtClaims | undefined;
  if (!header || !claims) return fail('malformed');
  // The key decides the algorithm; a token asking for another one (or for none) is refused before any signature work.
  const expected = algorithmFor(options.publicKey);
  if (!expected || header.alg !== expected) return fail('algorithm');
  // Extensions this verifier does not understand must not be ignored (RFC 7515 §4.1.11).
  if (header.crit !== undefined) return fail('malformed');
  const data = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii');
  const signature = Buffer.from(signaturePart, 'base64url');
  let valid: boolean;
  try {
    if (expected === 'EdDSA') valid = verify(null, data, options.publicKey, signature);
    else if (expected === 'RS256') valid = verify('sha256', data, options.publicKey, signature);
    else valid = verify('sha256', data, { key: options.publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    valid = false; // a signature of the wrong length for the key: not a match
  }
  if (!valid) return fail('signature');

  const leewayS = options.leewayS ?? DEFAULT_LEEWAY_S;
  const nowS = options.nowMs / 1000;
  if (!isSeconds(claims.exp)) return fail('no-expiry');
  if (nowS >= claims.exp + leewayS) return fail('expired');
  if (claims.nbf !== undefined && (!isSeconds(claims.nbf) || nowS + leewayS < claims.nbf)) return fail('not-yet-valid');
  if (claims.iss !== options.issuer) return fail('issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.some((aud) => aud === options.audience)) return fail('audience');
  return { ok: true, claims: claims as JwtClaims & { exp: number }, algorithm: expected };
}

/** Signs `claims` with `privateKey` (PEM or KeyObject) in the algorithm its type gives. */
export function signJwt(claims: JwtClaims, privateKey: KeyObject | string, header: { kid?: string } = {}): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const algorithm = algorithmFor(createPublicKey(key));
  if (!algorithm) throw new Error('JWTs are signed with Ed25519, RSA (2048 bits or more) or P-256 keys only');
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const signingInput = `${encode({ alg: algorithm, typ: 'JWT', ...header })}.${encode(claims)}`;
  const data = Buffer.from(signingInput, 'ascii');
  const signature =
    algorithm === 'EdDSA'
      ? sign(null, data, key)
      : algorithm === 'RS256'
        ? sign('sha256', data, key)
        : sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}
