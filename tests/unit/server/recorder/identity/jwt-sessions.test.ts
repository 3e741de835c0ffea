/**
 * Sessions from the trusted issuer's JWTs (server/recorder/identity): the
 * issuer store over settings, the exchange for a synthetic Administrator,
 * the error code of each refusal, the session found again by id (tickets),
 * and what ends it: expiry, sign-out, detaching or replacing the issuer.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, type JwtClaims } from '../../../../../server/protocols/jwt';
import { JwtSessions } from '../../../../../server/recorder/identity/jwt-sessions';
import { TrustedIssuerStore } from '../../../../../server/recorder/identity/trusted-issuer';
import { ApiError } from '../../../../../server/common/api-error';

const AUDIENCE = 'server-1';
const keys = generateKeyPairSync('ed25519');
const otherKeys = generateKeyPairSync('ed25519');
const pem = (key: typeof keys.publicKey) => key.export({ type: 'spki', format: 'pem' }).toString();

function rig(startMs = Date.UTC(2026, 0, 15)) {
  const values = new Map<string, string>();
  const settings = { get: (n: string) => values.get(n), set: (n: string, v: string) => void values.set(n, v), delete: (n: string) => void values.delete(n) };
  const clock = { nowMs: startMs };
  const issuers = new TrustedIssuerStore(settings, () => clock.nowMs);
  const sessions = new JwtSessions({ issuers, audience: AUDIENCE, now: () => clock.nowMs });
  const token = (extra: Partial<JwtClaims> = {}, key = keys.privateKey) =>
    signJwt({ iss: 'portal', aud: AUDIENCE, sub: 'kiosk', exp: Math.floor(clock.nowMs / 1000) + 300, ...extra }, key);
  return { issuers, sessions, token, clock, values };
}

function refusal(run: () => unknown): { status: number; code: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('trusted issuer store', () => {
  it('keeps one issuer with its public key, and forgets it on detach', () => {
    const { issuers } = rig();
    expect(issuers.current()).toBeUndefined();
    issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey) }, 'api');
    expect(issuers.describe(AUDIENCE)).toMatchObject({ name: 'portal', url: null, algorithm: 'EdDSA', audience: AUDIENCE, source: 'api' });
    expect(issuers.describe(AUDIENCE)?.publicKey).toContain('BEGIN PUBLIC KEY');
    expect(issuers.detach()).toBe(true);
    expect(issuers.current()).toBeUndefined();
    expect(issuers.detach()).toBe(false);
  });

  it('refuses a private key, a bad key, a blank name or a URL that is not http(s)', () => {
    const { issuers } = rig();
    const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(refusal(() => issuers.attach({ name: 'portal', publicKeyPem: privatePem }, 'api')).code).toBe('invalid-public-key');
    expect(refusal(() => issuers.attach({ name: 'portal', publicKeyPem: 'hello' }, 'api')).code).toBe('invalid-public-key');
    expect(refusal(() => issuers.attach({ name: '  ', publicKeyPem: pem(keys.publicKey) }, 'api')).code).toBe('invalid-issuer');
    expect(refusal(() => issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey), url: 'javascript:x' }, 'api')).code).toBe('invalid-issuer');
    expect(issuers.current()).toBeUndefined();
  });

  it('trusts nobody when the stored value is damaged', () => {
    const { issuers, values } = rig();
    issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey) }, 'api');
    values.set('identity.trustedIssuer', '{"name":"portal","publicKey":"garbage"}');
    expect(issuers.current()).toBeUndefined();
  });
});

describe('JWT sessions', () => {
  it('refuses every token while no issuer is trusted', () => {
    const { sessions, token } = rig();
    expect(refusal(() => sessions.exchange(token()))).toEqual({ status: 401, code: 'no-trusted-issuer' });
  });

  it('exchanges a good token for a synthetic Administrator whose token is the JWT', () => {
    const { issuers, sessions, token, clock } = rig();
    issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey) }, 'option');
    const jwt = token();
    const session = sessions.exchange(jwt);
    expect(session).toMatchObject({ token: jwt, tokenType: 'jwt', role: 'Administrator', name: 'kiosk', owner: { id: 'jwt:kiosk' } });
    expect(session.expiresAt).toBe(Math.floor(clock.nowMs / 1000) * 1000 + 300_000);
    // A bearer of the JWT, and a ticket naming the session's id, find the same session.
    expect(sessions.authenticate(jwt)?.user.role).toBe('Administrator');
    expect(sessions.authenticateId(session.id)?.id).toBe(session.id);
  });

  it.each([
    ['a bad signature', { key: otherKeys.privateKey }, 'jwt-signature'],
    ['an expired token', { claims: { exp: 1_000 } }, 'jwt-expired'],
    ['another audience', { claims: { aud: 'server-2' } }, 'jwt-audience'],
    ['another issuer', { claims: { iss: 'intruder' } }, 'jwt-issuer'],
  ] as const)('refuses %s with its code', (_name, variant, code) => {
    const { issuers, sessions, token } = rig();
    issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey) }, 'api');
    const jwt = token('claims' in variant ? variant.claims : {}, 'key' in variant ? variant.key : keys.privateKey);
    expect(refusal(() => sessions.exchange(jwt))).toEqual({ status: 401, code });
    expect(sessions.authenticate(jwt)).toBeUndefined();
  });

  it('ends when the token expires', () => {
    const { issuers, sessions, token, clock } = rig();
    issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey) }, 'api');
    const jwt = token();
    const { id } = sessions.exchange(jwt);
    clock.nowMs += 301_000;
    expect(sessions.authenticateId(id)).toBeUndefined();
    clock.nowMs += 60_000;
    expect(sessions.authenticate(jwt)).toBeUndefined();
  });

  it('ends at once when the issuer is detached or replaced', () => {
    const { issuers, sessions, token } = rig();
    issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey) }, 'api');
    const jwt = token();
    const { id } = sessions.exchange(jwt);
    issuers.detach();
    expect(sessions.authenticate(jwt)).toBeUndefined();
    expect(sessions.authenticateId(id)).toBeUndefined();
    issuers.attach({ name: 'portal', publicKeyPem: pem(otherKeys.publicKey) }, 'api');
    expect(sessions.authenticate(jwt)).toBeUndefined();
    // The same issuer and key again: its tokens are good again.
    issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey) }, 'api');
    expect(sessions.authenticate(jwt)).toBeDefined();
  });

  it('refuses a signed-out token until it would have expired', () => {
    const { issuers, sessions, token } = rig();
    issuers.attach({ name: 'portal', publicKeyPem: pem(keys.publicKey) }, 'api');
    const jwt = token();
    const { id } = sessions.exchange(jwt);
    sessions.revoke(id);
    expect(sessions.authenticate(jwt)).toBeUndefined();
    expect(refusal(() => sessions.exchange(jwt)).code).toBe('jwt-revoked');
  });
});
