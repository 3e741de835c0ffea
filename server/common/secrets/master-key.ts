/**
 * The master key that seals secrets at rest (secret-box.ts), kept in its own
 * folder apart from the database (--secrets-dir, default <data-dir>/secrets),
 * so a copy or backup of recorder.db alone opens nothing; an operator who
 * wants the key on another disk or in a mounted secret store points
 * --secrets-dir there.
 *
 * The folder is 0700 and the key file 0600, created with O_EXCL so two
 * starts cannot write two keys. A key file left readable by others is
 * narrowed to 0600 at start (and logged by the caller).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MASTER_KEY_BYTES } from './secret-box';

export const MASTER_KEY_FILE = 'master.key';

/** The key file is missing while the database holds values sealed with it. */
export class MissingMasterKeyError extends Error {}

export interface MasterKey {
  key: Buffer;
  file: string;
  /** True when this start wrote a new key. */
  created: boolean;
  /** True when the file was readable by others and was narrowed to 0600. */
  narrowed: boolean;
}

/**
 * Reads the master key, or writes a new one when `mayCreate` (nothing sealed
 * exists yet). Throws MissingMasterKeyError when the key is missing and may
 * not be created, and Error for a file that is not a key.
 */
export function loadMasterKey(secretsDir: string, mayCreate: boolean): MasterKey {
  fs.mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(secretsDir, 0o700);
  const file = path.join(secretsDir, MASTER_KEY_FILE);
  if (!fs.existsSync(file)) {
    if (!mayCreate) {
      throw new MissingMasterKeyError(
        `The database holds camera passwords sealed with a key that is not in ${file}. ` +
          `Put the recorder's ${MASTER_KEY_FILE} back there, or start with --secrets-dir set to the folder that holds it.`,
      );
    }
    const key = randomBytes(MASTER_KEY_BYTES);
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(fd, `${key.toString('base64')}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return { key, file, created: true, narrowed: false };
  }
  const stat = fs.statSync(file);
  if (!stat.isFile()) throw new Error(`${file} is not a file`);
  const narrowed = (stat.mode & 0o077) !== 0;
  if (narrowed) fs.chmodSync(file, 0o600);
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== MASTER_KEY_BYTES) throw new Error(`${file} does not hold a ${MASTER_KEY_BYTES}-byte key`);
  return { key, file, created: false, narrowed };
}
