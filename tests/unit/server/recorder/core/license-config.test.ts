import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig, parseConfig } from '../../../../../server/recorder/core/config';

const defaults = defaultConfig('/repo');

describe('license options', () => {
  it('has no issuer key and no activation service by default', () => {
    const config = parseConfig([], {}, defaults);
    expect(config.licenseIssuerKeyPem).toBeUndefined();
    expect(config.activationUrl).toBe('');
  });

  it('reads the issuer public key from its file and takes an http(s) activation URL', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-issuer-'));
    try {
      const file = path.join(folder, 'issuer.pem');
      const pem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
      fs.writeFileSync(file, pem);
      const config = parseConfig(['--license-issuer-key', file, '--activation-url', 'http://127.0.0.1:8090'], {}, defaults);
      expect(config.licenseIssuerKeyPem).toBe(pem.replace(/\n+$/, ''));
      expect(config.activationUrl).toBe('http://127.0.0.1:8090');
      // A private key (or anything else) is not an issuer public key.
      const privateFile = path.join(folder, 'private.pem');
      fs.writeFileSync(privateFile, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
      expect(() => parseConfig(['--license-issuer-key', privateFile], {}, defaults)).toThrow(/PEM public key/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a missing key file and an activation URL that is not http(s)', () => {
    expect(() => parseConfig(['--license-issuer-key', '/nonexistent/issuer.pem'], {}, defaults)).toThrow(/cannot read/);
    for (const bad of ['ftp://x', 'javascript:alert(1)', 'http://a b']) {
      expect(() => parseConfig(['--activation-url', bad], {}, defaults), bad).toThrow(/activation-url/);
    }
  });
});
