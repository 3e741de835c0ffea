/**
 * Secrets at rest (camera passwords now; SMTP and recorder passwords later):
 * AES-256-GCM under a subkey derived from the master key with HKDF-SHA256,
 * one subkey per purpose, so a leak of one kind of sealed value says nothing
 * about another. The owning record's id is the additional authenticated
 * data: a sealed password copied onto another camera's row does not open.
 *
 * Format: 'v1:' + base64url(iv[12] | tag[16] | ciphertext). The version
 * prefix lets a later format (another cipher, a rotated key id) sit beside
 * this one.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'v1:';
export const MASTER_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = Buffer.from('argus-vms secret box v1');

export type SecretPurpose = 'camera-password' | 'smtp-password' | 'recorder-password';

/** A sealed value that this key cannot open: another key, another record, or changed bytes. */
export class SecretBoxError extends Error {}

export class SecretBox {
  private readonly subkeys = new Map<SecretPurpose, Buffer>();

  constructor(private readonly masterKey: Buffer) {
    if (masterKey.length !== MASTER_KEY_BYTES) throw new Error(`The master key must be ${MASTER_KEY_BYTES} bytes`);
  }

  seal(plaintext: string, purpose: SecretPurpose, recordId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.subkey(purpose), iv);
    cipher.setAAD(additionalData(purpose, recordId));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
  }

  /** The plaintext of a value sealed for this purpose and record; throws SecretBoxError otherwise. */
  open(sealed: string, purpose: SecretPurpose, recordId: string): string {
    if (!isSealed(sealed)) throw new SecretBoxError('not a sealed value');
    const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.subkey(purpose), bytes.subarray(0, IV_BYTES));
      decipher.setAAD(additionalData(purpose, recordId));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(`a sealed ${purpose} of '${recordId}' does not open with this key`);
    }
  }

  private subkey(purpose: SecretPurpose): Buffer {
    let key = this.subkeys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.masterKey, HKDF_SALT, `argus-vms/${purpose}`, 32));
      this.subkeys.set(purpose, key);
    }
    return key;
  }
}

export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

function additionalData(purpose: SecretPurpose, recordId: string): Buffer {
  return Buffer.from(`${purpose}\u0000${recordId}`, 'utf8');
}
