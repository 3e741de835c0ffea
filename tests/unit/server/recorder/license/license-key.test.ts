import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readLicensePayload, signLicense, verifyLicense, type LicensePayload } from '../../../../../server/recorder/license/license-key';

const issuer = generateKeyPairSync('ed25519');
const publicPem = issuer.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const NOW = 1_800_000_000_000;

const payload: LicensePayload = {
  version: 1,
  machineId: 'machine-0001',
  edition: 'core',
  cameras: 8,
  retentionBytes: 1024 ** 4,
  expiresMs: NOW + 86_400_000,
  activationCode: 'ABCDE-12345-FGHIJ-67890',
  location: 'Lab',
  issuedAtMs: NOW - 1000,
};

const check = (key: string, overrides: Partial<Parameters<typeof verifyLicense>[1]> = {}) =>
  verifyLicense(key, { issuerPublicKey: publicPem, machineId: 'machine-0001', nowMs: NOW, ...overrides });

describe('license keys', () => {
  it('verifies a key signed by the issuer for this machine and gives back its payload', () => {
    const result = check(signLicense(payload, issuer.privateKey));
    expect(result).toEqual({ ok: true, payload });
  });

  it('refuses a payload edited by hand (a higher camera count) with the original signature', () => {
    const key = signLicense(payload, issuer.privateKey);
    const [, signature] = key.split('.');
    const edited = Buffer.from(JSON.stringify({ ...payload, cameras: 1000 })).toString('base64url');
    const result = check(`${edited}.${signature}`);
    expect(result).toMatchObject({ ok: false, problem: 'signature' });
  });

  it('refuses a key signed by another issuer', () => {
    const other = generateKeyPairSync('ed25519');
    expect(check(signLicense(payload, other.privateKey))).toMatchObject({ ok: false, problem: 'signature' });
  });

  it('refuses a key issued for another machine', () => {
    expect(check(signLicense(payload, issuer.privateKey), { machineId: 'machine-0002' })).toMatchObject({ ok: false, problem: 'machine' });
  });

  it('refuses an expired key, and accepts one without expiry', () => {
    expect(check(signLicense({ ...payload, expiresMs: NOW - 1 }, issuer.privateKey))).toMatchObject({ ok: false, problem: 'expired' });
    expect(check(signLicense({ ...payload, expiresMs: null }, issuer.privateKey))).toMatchObject({ ok: true });
  });

  it('refuses anything that is not a key, and checks nothing without an issuer key', () => {
    for (const text of ['', 'abc', 'a.b.c', '!!!.???', `${Buffer.from('{"x":1}').toString('base64url')}.AAAA`, 'x'.repeat(10_000)]) {
      expect(check(text)).toMatchObject({ ok: false, problem: 'malformed' });
    }
    expect(check(signLicense(payload, issuer.privateKey), { issuerPublicKey: undefined })).toMatchObject({ ok: false, problem: 'no-issuer' });
  });

  it('reads what an unchecked key claims, for display', () => {
    expect(readLicensePayload(signLicense(payload, issuer.privateKey))).toEqual(payload);
    expect(readLicensePayload('nonsense')).toBeUndefined();
  });
});
