/**
 * The storage device check (spec 3, 8): notices that the archive folder is
 * no longer the storage the recorder was recording to (another disk mounted
 * in its place, an empty disk after a failed mount, a folder restored from
 * elsewhere), so the recorder goes degraded instead of filling the wrong disk
 * or cleaning someone else's files.
 *
 * At the first start a marker file holding a random id is written into the
 * archive folder and the id is kept in the settings table (which lives in
 * the database, beside the folder, not on the archive disk). At every start
 * the two must match: a missing marker or another id means the storage
 * changed. The device number (stat.dev) is recorded too, but only reported:
 * device numbers change across reboots for the same disk (USB and LVM
 * enumeration, network mounts), so alone they would degrade healthy
 * recorders, and a new disk of the same mount can even reuse one.
 *
 * Cost: a stat, a small read at start and per `recheck`. Limits: a disk
 * cloned with its marker passes (it holds the same archives, so that is
 * fine); the operator who replaces a disk on purpose removes the
 * 'license.storageId' setting (or the marker's absence is accepted by
 * starting on a fresh data folder).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const STORAGE_MARKER_FILE = '.argus-storage-id';
export const STORAGE_ID_SETTING = 'license.storageId';
export const STORAGE_DEVICE_SETTING = 'license.storageDevice';

interface SettingsPort {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

export type StorageCheck =
  | { ok: true; created: boolean; deviceChanged: boolean }
  | { ok: false; reason: 'marker-missing' | 'marker-different'; description: string };

function readMarker(folder: string): string | undefined {
  try {
    return fs.readFileSync(path.join(folder, STORAGE_MARKER_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined; // no marker (or unreadable): the caller decides what that means
  }
}

function deviceOf(folder: string): string {
  return String(fs.statSync(folder).dev);
}

/**
 * Compares the archive folder's marker with the database's copy. On the
 * first start (no copy yet) writes the marker (adopting one already there)
 * and stores it; otherwise writes nothing.
 */
export function checkStorage(folder: string, settings: SettingsPort): StorageCheck {
  fs.mkdirSync(folder, { recursive: true });
  const expected = settings.get(STORAGE_ID_SETTING);
  const found = readMarker(folder);
  if (expected === undefined) {
    const id = found ?? randomUUID();
    if (!found) fs.writeFileSync(path.join(folder, STORAGE_MARKER_FILE), `${id}\n`, { mode: 0o600 });
    settings.set(STORAGE_ID_SETTING, id);
    settings.set(STORAGE_DEVICE_SETTING, deviceOf(folder));
    return { ok: true, created: true, deviceChanged: false };
  }
  if (found === undefined) {
    return { ok: false, reason: 'marker-missing', description: `The storage device changed: ${folder} no longer holds the recorder's storage marker.` };
  }
  if (found !== expected) {
    return { ok: false, reason: 'marker-different', description: `The storage device changed: ${folder} holds another recorder's storage.` };
  }
  const device = deviceOf(folder);
  const deviceChanged = settings.get(STORAGE_DEVICE_SETTING) !== device;
  if (deviceChanged) settings.set(STORAGE_DEVICE_SETTING, device);
  return { ok: true, created: false, deviceChanged };
}
