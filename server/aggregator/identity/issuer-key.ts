/**
 * The aggregator as a token issuer to its recorders (spec 7 trusted issuer):
 * an Ed25519 key pair whose private half stays in the secrets folder (file
 * 0600, created once with O_EXCL) and whose public half each recorder is
 * given when it is registered. Its name (the `iss` of its tokens) is made
 * once and kept in the settings table, so a restart keeps every recorder's
 * trust.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SettingsStore } from '../core/settings-store';

export const ISSUER_KEY_FILE = 'issuer.key';
const ISSUER_NAME_SETTING = 'issuer.name';

export interface IssuerKey {
  name: string;
  privateKey: KeyObject;
  publicKeyPem: string;
}

export async function loadIssuerKey(secretsDir: string, settings: SettingsStore): Promise<IssuerKey> {
  fs.mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const file = path.join(secretsDir, ISSUER_KEY_FILE);
  if (!fs.existsSync(file)) {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(fd, pem);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const privateKey = createPrivateKey(fs.readFileSync(file, 'utf8'));
  let name = await settings.get(ISSUER_NAME_SETTING);
  if (!name) {
    name = `argus-aggregator-${randomUUID()}`;
    await settings.set(ISSUER_NAME_SETTING, name);
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { name, privateKey, publicKeyPem };
}
