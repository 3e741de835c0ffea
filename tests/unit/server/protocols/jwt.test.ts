/**
 * JWT verification (server/protocols/jwt.ts) with real keys of each kind:
 * a good token passes; a bad signature, another key, an expired or
 * not-yet-valid token, another issuer or audience, a token without expiry,
 * an unsigned ('none') or shared-secret (HS256) token, and anything
 * malformed are refused with the problem named.
 */
import { createHmac, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { algorithmFor, looksLikeJwt, readPublicKey, signJwt, verifyJwt, type JwtClaims } from '../../../../server/protocols/jwt';

const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const ed = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });

const claims = (extra: Partial<JwtClaims> = {}): JwtClaims => ({ iss: 'portal', aud: 'server-1', sub: 'kiosk', iat: NOW_S, exp: NOW_S + 300, ...extra });
const check = (token: string, publicKey: KeyObject = ed.publicKey) => verifyJwt(token, { publicKey, issuer: 'portal', audience: 'server-1', nowMs: NOW_MS });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('verifyJwt', () => {
  it('accepts a good EdDSA token and answers its claims', () => {
    const result = check(signJwt(claims(), ed.privateKey));
    expect(result).toMatchObject({ ok: true, algorithm: 'EdDSA', claims: { sub: 'kiosk', exp: NOW_S + 300 } });
  });

  it('accepts RS256 and ES256 tokens with keys of those kinds', () => {
    expect(check(signJwt(claims(), rsa.privateKey), rsa.publicKey)).toMatchObject({ ok: true, algorithm: 'RS256' });
    expect(check(signJwt(claims(), ec.privateKey), ec.publicKey)).toMatchObject({ ok: true, algorithm: 'ES256' });
  });

  it('accepts an audience among several', () => {
    expect(check(signJwt(claims({ aud: ['elsewhere', 'server-1'] }), ed.privateKey)).ok).toBe(true);
  });

  it('refuses a token signed by another key', () => {
    expect(check(signJwt(claims(), other.privateKey))).toMatchObject({ ok: false, problem: 'signature' });
  });

  it('refuses a token whose payload was changed after signing', () => {
    const [header, , signature] = signJwt(claims(), ed.privateKey).split('.');
    const forged = `${header}.${b64(claims({ sub: 'someone-else' }))}.${signature}`;
    expect(check(forged)).toMatchObject({ ok: false, problem: 'signature' });
  });

  it('refuses an expired token, beyond the leeway only', () => {
    expect(check(signJwt(claims({ exp: NOW_S - 3600 }), ed.privateKey))).toMatchObject({ ok: false, problem: 'expired' });
    expect(check(signJwt(claims({ exp: NOW_S - 10 }), ed.privateKey)).ok).toBe(true);
  });

  it('refuses a token that is not valid yet', () => {
    expect(check(signJwt(claims({ nbf: NOW_S + 600 }), ed.privateKey))).toMatchObject({ ok: false, problem: 'not-yet-valid' });
  });

  it('refuses a token without expiry', () => {
    const { exp: _exp, ...rest } = claims();
    expect(check(signJwt(rest, ed.privateKey))).toMatchObject({ ok: false, problem: 'no-expiry' });
  });

  it('refuses a token for another audience, or none', () => {
    expect(check(signJwt(claims({ aud: 'server-2' }), ed.privateKey))).toMatchObject({ ok: false, problem: 'audience' });
    const { aud: _aud, ...rest } = claims();
    expect(check(signJwt(rest, ed.privateKey))).toMatchObject({ ok: false, problem: 'audience' });
  });

  it('refuses a token of another issuer', () => {
    expect(check(signJwt(claims({ iss: 'intruder' }), ed.privateKey))).toMatchObject({ ok: false, problem: 'issuer' });
  });

  it("refuses an unsigned token (alg 'none'), with or without a signature part", () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}`;
    expect(check(`${unsigned}.`)).toMatchObject({ ok: false });
    expect(check(`${unsigned}.${Buffer.from('x').toString('base64url')}`)).toMatchObject({ ok: false, problem: 'algorithm' });
  });

  it('refuses HS256 made with the public key as the secret (algorithm confusion)', () => {
    const secret = ed.publicKey.export({ type: 'spki', format: 'pem' });
    const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims())}`;
    const token = `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    expect(check(token)).toMatchObject({ ok: false, problem: 'algorithm' });
  });

  it('refuses a header that names another algorithm than the key', () => {
    expect(check(signJwt(claims(), rsa.privateKey), ed.publicKey)).toMatchObject({ ok: false, problem: 'algorithm' });
  });

  it('refuses critical header extensions it does not know', () => {
    const input = `${b64({ alg: 'EdDSA', crit: ['exp'], exp: 1 })}.${b64(claims())}`;
    const token = signJwt(claims(), ed.privateKey);
    expect(check(`${input}.${token.split('.')[2]}`)).toMatchObject({ ok: false, problem: 'malformed' });
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d', 'a.b!.c', `${'a'.repeat(9000)}.b.c`, `${b64([1])}.${b64(claims())}.AAAA`])('refuses malformed %#', (token) => {
    expect(check(token).ok).toBe(false);
  });
});

describe('keys', () => {
  it('reads PEM public keys of the accepted kinds and refuses others', () => {
    const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
    expect(readPublicKey(pem(ed.publicKey))?.algorithm).toBe('EdDSA');
    expect(readPublicKey(pem(rsa.publicKey))?.algorithm).toBe('RS256');
    expect(readPublicKey(pem(ec.publicKey))?.algorithm).toBe('ES256');
    expect(readPublicKey(pem(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey))).toBeUndefined();
    expect(readPublicKey(pem(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey))).toBeUndefined();
    expect(readPublicKey(ed.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toBeUndefined();
    expect(readPublicKey('-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----')).toBeUndefined();
    expect(algorithmFor(ed.publicKey)).toBe('EdDSA');
  });

  it('tells a JWT from a session token', () => {
    expect(looksLikeJwt(signJwt(claims(), ed.privateKey))).toBe(true);
    expect(looksLikeJwt('Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg')).toBe(false);
  });
});
