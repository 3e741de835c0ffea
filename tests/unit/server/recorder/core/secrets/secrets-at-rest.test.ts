/**
 * The pieces that keep secrets at rest: the sealing box (a value opens only
 * with its key, its purpose and its record), the master key file (made once,
 * private, never silently replaced while sealed data needs it), the sealing
 * of plain-text camera passwords an older recorder left, and the narrowing
 * of an open data folder.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../../../server/recorder/core/db/database';
import { SettingsStore } from '../../../../../../server/recorder/core/settings';
import { CameraPasswords, openCameraPasswords, SEALED_SETTING } from '../../../../../../server/recorder/core/secrets/camera-passwords';
import { loadMasterKey, MissingMasterKeyError } from '../../../../../../server/common/secrets/master-key';
import { makeDataDirPrivate } from '../../../../../../server/common/secrets/private-files';
import { isSealed, SecretBox, SecretBoxError } from '../../../../../../server/common/secrets/secret-box';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-secrets-unit-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and each seal of the same text differs', () => {
    const a = box.seal('pässwörd ✓', 'camera-password', 'cam-1');
    const b = box.seal('pässwörd ✓', 'camera-password', 'cam-1');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('pässwörd');
    expect(box.open(a, 'camera-password', 'cam-1')).toBe('pässwörd ✓');
  });

  it('does not open for another record, another purpose, another key, or changed bytes', () => {
    const sealed = box.seal('secret', 'camera-password', 'cam-1');
    expect(() => box.open(sealed, 'camera-password', 'cam-2')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'smtp-password', 'cam-1')).toThrow(SecretBoxError);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'camera-password', 'cam-1')).toThrow(SecretBoxError);
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64url')}`, 'camera-password', 'cam-1')).toThrow(SecretBoxError);
    expect(() => box.open('plain text', 'camera-password', 'cam-1')).toThrow(SecretBoxError);
    expect(() => box.open('v1:AAAA', 'camera-password', 'cam-1')).toThrow(SecretBoxError);
  });
});

describe('master key', () => {
  it('is made once, 0600 in a 0700 folder, and read back the same', () => {
    const secrets = path.join(dir, 'secrets');
    const made = loadMasterKey(secrets, true);
    expect(made.created).toBe(true);
    expect(fs.statSync(secrets).mode & 0o777).toBe(0o700);
    expect(fs.statSync(made.file).mode & 0o777).toBe(0o600);
    const again = loadMasterKey(secrets, true);
    expect(again.created).toBe(false);
    expect(again.key.equals(made.key)).toBe(true);
  });

  it('is not made anew when sealed data needs the old one', () => {
    expect(() => loadMasterKey(path.join(dir, 'secrets'), false)).toThrow(MissingMasterKeyError);
    expect(fs.existsSync(path.join(dir, 'secrets', 'master.key'))).toBe(false);
  });

  it('narrows a key file others can read, and refuses a file that is not a key', () => {
    const secrets = path.join(dir, 'secrets');
    const { file } = loadMasterKey(secrets, true);
    fs.chmodSync(file, 0o644);
    expect(loadMasterKey(secrets, true).narrowed).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, 'short\n');
    expect(() => loadMasterKey(secrets, true)).toThrow(/32-byte key/);
  });
});

describe('camera passwords in the database', () => {
  let db: Db;
  beforeEach(() => {
    db = openDatabase(path.join(dir, 'recorder.db'));
  });
  afterEach(() => db.close());

  function insertCamera(id: string, password: string): void {
    db.prepare(
      `INSERT INTO cameras (id, name, driver, uri, username, password, ip_address, manufacturer, model,
         capabilities_json, profiles_json, quirks_json, primary_stream_id, defunct, created_ms, updated_ms)
       VALUES (?, ?, 'ONVIF', 'http://127.0.0.1/onvif/device_service', 'admin', ?, '127.0.0.1', '', '', '{}', '[]', '[]', NULL, 0, 0, 0)`,
    ).run(id, id, password);
  }
  const stored = (id: string) => (db.prepare('SELECT password FROM cameras WHERE id = ?').get(id) as { password: string }).password;

  it('seals plain-text rows once, leaves empty ones empty, and opens them again', () => {
    insertCamera('a', 'plain-a');
    insertCamera('b', '');
    const settings = new SettingsStore(db);
    const first = openCameraPasswords(db, settings, path.join(dir, 'secrets'));
    expect(first.sealedNow).toBe(1);
    expect(first.keyCreated).toBe(true);
    expect(isSealed(stored('a'))).toBe(true);
    expect(stored('b')).toBe('');
    expect(settings.get(SEALED_SETTING)).toBe('v1');
    expect(first.passwords.open('a', stored('a'))).toBe('plain-a');

    const second = openCameraPasswords(db, settings, path.join(dir, 'secrets'));
    expect(second.sealedNow).toBe(0);
    expect(second.passwords.open('a', stored('a'))).toBe('plain-a');
  });

  it('refuses to start with the key gone or another key in its place', () => {
    insertCamera('a', 'plain-a');
    const settings = new SettingsStore(db);
    const { keyFile } = openCameraPasswords(db, settings, path.join(dir, 'secrets'));
    fs.rmSync(keyFile);
    expect(() => openCameraPasswords(db, settings, path.join(dir, 'secrets'))).toThrow(MissingMasterKeyError);
    fs.writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    expect(() => openCameraPasswords(db, settings, path.join(dir, 'secrets'))).toThrow(/sealed with another key/);
  });

  it('a sealed password moved onto another camera does not open there', () => {
    const passwords = new CameraPasswords(new SecretBox(randomBytes(32)));
    const sealed = passwords.seal('a', 'secret');
    expect(() => passwords.open('b', sealed)).toThrow(SecretBoxError);
    expect(passwords.seal('a', '')).toBe('');
  });
});

describe('data folder', () => {
  it('narrows an open folder and everything in it, once', () => {
    const data = path.join(dir, 'data');
    fs.mkdirSync(path.join(data, 'archives', 's1'), { recursive: true, mode: 0o755 });
    fs.chmodSync(data, 0o755);
    fs.writeFileSync(path.join(data, 'recorder.db'), 'x', { mode: 0o644 });
    fs.writeFileSync(path.join(data, 'archives', 's1', 'a.mkv'), 'x', { mode: 0o644 });
    expect(makeDataDirPrivate(data)).toBe(5);
    for (const entry of [data, path.join(data, 'archives'), path.join(data, 'archives', 's1')]) {
      expect(fs.statSync(entry).mode & 0o777).toBe(0o700);
    }
    expect(fs.statSync(path.join(data, 'recorder.db')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(data, 'archives', 's1', 'a.mkv')).mode & 0o777).toBe(0o600);
    expect(makeDataDirPrivate(data)).toBe(0);
  });
});
