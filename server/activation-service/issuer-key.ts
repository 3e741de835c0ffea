/**
 * The activation service's Ed25519 signing key. Given as a PEM (--private-key
 * names its file) or kept in the service's data folder: generated at the
 * first start into issuer-key.pem (0600), with its public half beside it in
 * issuer-public.pem, the file a recorder is given as --license-issuer-key.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_KEY_FILE = 'issuer-key.pem';
export const PUBLIC_KEY_FILE = 'issuer-public.pem';

export interface IssuerKey {
  privateKey: KeyObject;
  publicKeyPem: string;
  /** Where the public key was written (data folder). */
  publicKeyFile: string;
}

export function loadIssuerKey(dataDir: string, privateKeyPem?: string): IssuerKey {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const privateFile = path.join(dataDir, PRIVATE_KEY_FILE);
  let pem = privateKeyPem;
  if (pem === undefined && fs.existsSync(privateFile)) pem = fs.readFileSync(privateFile, 'utf8');
  if (pem === undefined) {
    const { privateKey } = generateKeyPairSync('ed25519');
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    fs.writeFileSync(privateFile, pem, { mode: 0o600 });
  }
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the activation service signs with an Ed25519 private key');
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const publicKeyFile = path.join(dataDir, PUBLIC_KEY_FILE);
  fs.writeFileSync(publicKeyFile, publicKeyPem, { mode: 0o644 });
  return { privateKey, publicKeyPem, publicKeyFile };
}
