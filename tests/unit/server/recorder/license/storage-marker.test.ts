import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkStorage, STORAGE_ID_SETTING, STORAGE_MARKER_FILE } from '../../../../../server/recorder/license/storage-marker';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function memorySettings() {
  const values = new Map<string, string>();
  return { get: (name: string) => values.get(name), set: (name: string, value: string) => void values.set(name, value), values };
}

function archiveFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-storage-'));
  folders.push(folder);
  return path.join(folder, 'archives');
}

describe('storage check', () => {
  it('marks the storage at the first start and finds the same storage at the next', () => {
    const folder = archiveFolder();
    const settings = memorySettings();
    expect(checkStorage(folder, settings)).toMatchObject({ ok: true, created: true });
    const marker = fs.readFileSync(path.join(folder, STORAGE_MARKER_FILE), 'utf8').trim();
    expect(settings.get(STORAGE_ID_SETTING)).toBe(marker);
    expect(checkStorage(folder, settings)).toMatchObject({ ok: true, created: false });
  });

  it('reports a changed storage when the marker is gone (an empty disk mounted in its place)', () => {
    const folder = archiveFolder();
    const settings = memorySettings();
    checkStorage(folder, settings);
    fs.rmSync(folder, { recursive: true });
    expect(checkStorage(folder, settings)).toMatchObject({ ok: false, reason: 'marker-missing' });
  });

  it("reports a changed storage when the folder holds another recorder's marker", () => {
    const folder = archiveFolder();
    const settings = memorySettings();
    checkStorage(folder, settings);
    fs.writeFileSync(path.join(folder, STORAGE_MARKER_FILE), 'another-recorder\n');
    expect(checkStorage(folder, settings)).toMatchObject({ ok: false, reason: 'marker-different' });
  });

  it('adopts a marker already on the disk at the first start (a database rebuilt over its archives)', () => {
    const folder = archiveFolder();
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, STORAGE_MARKER_FILE), 'kept-id\n');
    const settings = memorySettings();
    expect(checkStorage(folder, settings)).toMatchObject({ ok: true, created: true });
    expect(settings.get(STORAGE_ID_SETTING)).toBe('kept-id');
  });
});
