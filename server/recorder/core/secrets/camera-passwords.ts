/**
 * Camera passwords as the cameras table holds them: sealed (secret-box.ts)
 * with the camera's id as the record, an empty password kept empty (there is
 * nothing to hide, and a camera without credentials stays recognisable).
 *
 * `sealStoredCameraPasswords` runs at start, once per database: rows written
 * in plain text by an older recorder are sealed in one transaction, and the
 * database file is then rewritten (VACUUM, WAL truncated) so no page of it
 * keeps the old text. The settings row SEALED_SETTING records that the table
 * is sealed, so a plain-text password that happens to start with 'v1:' is
 * never mistaken for a sealed one.
 */
import type { Db } from '../db/database';
import type { SettingsStore } from '../settings';
import { loadMasterKey, MASTER_KEY_FILE } from '../../../common/secrets/master-key';
import { SecretBox, SecretBoxError } from '../../../common/secrets/secret-box';

export const SEALED_SETTING = 'camera-passwords-sealed';

export class CameraPasswords {
  constructor(private readonly box: SecretBox) {}

  seal(cameraId: string, password: string): string {
    return password === '' ? '' : this.box.seal(password, 'camera-password', cameraId);
  }

  /** Throws SecretBoxError when the stored value was sealed with another key or for another camera. */
  open(cameraId: string, stored: string): string {
    return stored === '' ? '' : this.box.open(stored, 'camera-password', cameraId);
  }
}

/** True when the cameras table holds at least one sealed password (so its key must be found, not made). */
export function hasSealedCameraPasswords(db: Db, settings: SettingsStore): boolean {
  if (settings.get(SEALED_SETTING) === undefined) return false;
  return db.prepare("SELECT 1 FROM cameras WHERE password <> '' LIMIT 1").get() !== undefined;
}

/**
 * Seals every plain-text password left by an older recorder and checks that
 * sealed ones open with this key. Returns how many rows were sealed now.
 * Throws SecretBoxError when a sealed password does not open (a wrong key).
 */
export function sealStoredCameraPasswords(db: Db, settings: SettingsStore, passwords: CameraPasswords): number {
  const rows = db.prepare("SELECT id, password FROM cameras WHERE password <> ''").all() as Array<{ id: string; password: string }>;
  if (settings.get(SEALED_SETTING) !== undefined) {
    const first = rows[0];
    if (first) passwords.open(first.id, first.password);
    return 0;
  }
  const update = db.prepare('UPDATE cameras SET password = ? WHERE id = ?');
  db.transaction(() => {
    for (const row of rows) update.run(passwords.seal(row.id, row.password), row.id);
    settings.set(SEALED_SETTING, 'v1');
  })();
  if (rows.length > 0) {
    // secure_delete zeroes freed cells, but the old text may still sit in the WAL or in pages
    // written before it was on: rewrite the whole file once.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
  return rows.length;
}

export interface OpenedCameraPasswords {
  passwords: CameraPasswords;
  /** Where the key is, and what this start did to it and to the table (for the log). */
  keyFile: string;
  keyCreated: boolean;
  keyNarrowed: boolean;
  sealedNow: number;
}

/**
 * At start: finds the master key (made on the first start, refused when
 * sealed passwords exist without it), then seals what an older recorder left
 * in plain text. Throws MissingMasterKeyError or SecretBoxError with a text
 * for the operator.
 */
export function openCameraPasswords(db: Db, settings: SettingsStore, secretsDir: string): OpenedCameraPasswords {
  const master = loadMasterKey(secretsDir, !hasSealedCameraPasswords(db, settings));
  const passwords = new CameraPasswords(new SecretBox(master.key));
  let sealedNow: number;
  try {
    sealedNow = sealStoredCameraPasswords(db, settings, passwords);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new SecretBoxError(
      `The camera passwords in the database were sealed with another key than ${master.file}. ` +
        `Start with --secrets-dir set to the folder that holds the recorder's own ${MASTER_KEY_FILE}.`,
    );
  }
  return { passwords, keyFile: master.file, keyCreated: master.created, keyNarrowed: master.narrowed, sealedNow };
}
