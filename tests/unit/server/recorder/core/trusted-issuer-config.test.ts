/** The trusted issuer's start options (--trusted-issuer, --trusted-issuer-key and their environment variables). */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig, parseConfig } from '../../../../../server/recorder/core/config';

const defaults = defaultConfig('/repo');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-trusted-'));
const publicFile = path.join(folder, 'issuer.pem');
const privateFile = path.join(folder, 'private.pem');
const keys = generateKeyPairSync('ed25519');
fs.writeFileSync(publicFile, keys.publicKey.export({ type: 'spki', format: 'pem' }).toString());
fs.writeFileSync(privateFile, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('trusted issuer options', () => {
  it('trusts nobody by default', () => {
    const config = parseConfig([], {}, defaults);
    expect(config.trustedIssuer).toBeUndefined();
    expect(config.trustedIssuerKeyPem).toBeUndefined();
  });

  it('takes the name and the public key file, from flags or the environment', () => {
    const byFlags = parseConfig(['--trusted-issuer', 'portal', '--trusted-issuer-key', publicFile], {}, defaults);
    expect(byFlags.trustedIssuer).toBe('portal');
    expect(byFlags.trustedIssuerKeyPem).toContain('BEGIN PUBLIC KEY');
    const byEnv = parseConfig([], { ARGUS_TRUSTED_ISSUER: 'portal', ARGUS_TRUSTED_ISSUER_KEY: publicFile }, defaults);
    expect(byEnv.trustedIssuerKeyPem).toBe(byFlags.trustedIssuerKeyPem);
  });

  it('wants both or neither, and a public key', () => {
    expect(() => parseConfig(['--trusted-issuer', 'portal'], {}, defaults)).toThrow(/go together/);
    expect(() => parseConfig(['--trusted-issuer-key', publicFile], {}, defaults)).toThrow(/go together/);
    expect(() => parseConfig(['--trusted-issuer', 'portal', '--trusted-issuer-key', privateFile], {}, defaults)).toThrow(/PEM public key/);
    expect(() => parseConfig(['--trusted-issuer', 'portal', '--trusted-issuer-key', path.join(folder, 'none.pem')], {}, defaults)).toThrow(/cannot read/);
  });
});
