import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UsernameToken } from '../../../../server/camera-sim/onvif-soap';
import { passwordDigest, UsernameTokenVerifier } from '../../../../server/camera-sim/ws-security';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');

/** A token built the way the onvif npm client builds it. */
function token(password: string, createdMs = NOW, nonce = randomBytes(16)): UsernameToken {
  const created = new Date(createdMs).toISOString();
  const digest = createHash('sha1').update(Buffer.concat([nonce, Buffer.from(created), Buffer.from(password)])).digest('base64');
  return { username: 'admin', password: digest, passwordType: 'digest', nonce: nonce.toString('base64'), created };
}

describe('UsernameTokenVerifier', () => {
  const verifier = (): UsernameTokenVerifier => new UsernameTokenVerifier({ username: 'admin', password: 'camera-pass', nowMs: () => NOW });

  it('computes the digest as Base64(SHA1(nonce + created + password))', () => {
    const nonce = Buffer.from('0123456789abcdef');
    const expected = createHash('sha1').update(Buffer.concat([nonce, Buffer.from('2026-01-01T12:00:00Z'), Buffer.from('pw')])).digest('base64');
    expect(passwordDigest(nonce.toString('base64'), '2026-01-01T12:00:00Z', 'pw')).toBe(expected);
  });

  it('accepts a correct digest once and refuses its replay', () => {
    const v = verifier();
    const t = token('camera-pass');
    expect(v.verify(t)).toBe('ok');
    expect(v.verify(t)).toBe('invalid');
    expect(v.verify(token('camera-pass'))).toBe('ok');
  });

  it('refuses a wrong password or user', () => {
    const v = verifier();
    expect(v.verify(token('wrong'))).toBe('invalid');
    expect(v.verify({ ...token('camera-pass'), username: 'root' })).toBe('invalid');
  });

  it('refuses a created time too far from now, either way', () => {
    const v = verifier();
    expect(v.verify(token('camera-pass', NOW - 6 * 60_000))).toBe('invalid');
    expect(v.verify(token('camera-pass', NOW + 6 * 60_000))).toBe('invalid');
    expect(v.verify(token('camera-pass', NOW - 4 * 60_000))).toBe('ok');
    expect(v.verify({ ...token('camera-pass'), created: 'yesterday' })).toBe('invalid');
  });

  it('needs nonce and created for digests; accepts PasswordText; reports a missing token', () => {
    const v = verifier();
    expect(v.verify({ ...token('camera-pass'), nonce: undefined })).toBe('invalid');
    expect(v.verify({ username: 'admin', password: 'camera-pass', passwordType: 'text' })).toBe('ok');
    expect(v.verify({ username: 'admin', password: 'x', passwordType: 'text' })).toBe('invalid');
    expect(v.verify(undefined)).toBe('missing');
  });

  it('refuses new tokens rather than forgetting nonces when full', () => {
    const v = new UsernameTokenVerifier({ username: 'admin', password: 'p', nowMs: () => NOW, maxNonces: 2 });
    expect(v.verify(token('p'))).toBe('ok');
    expect(v.verify(token('p'))).toBe('ok');
    expect(v.verify(token('p'))).toBe('invalid');
  });
});
