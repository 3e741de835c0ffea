import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../../server/recorder/core/db/database';
import { ArchiveIndex } from '../../../../../server/recorder/archive/archive-index';
import { RetentionOverrides } from '../../../../../server/recorder/retention/retention-overrides';
import { CameraListRevision } from '../../../../../server/recorder/cameras/camera-list-revision';
import { cameraListTag, ifNoneMatchHas } from '../../../../../server/recorder/cameras/camera-list-tag';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrated database with one camera and its stream, and the revision watching it. */
function setUp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-list-revision-'));
  dirs.push(dataDir);
  const db = new Database(':memory:');
  migrate(db);
  const revision = new CameraListRevision(db);
  db.prepare(
    `INSERT INTO cameras (id, name, driver, uri, username, password, capabilities_json, quirks_json, primary_stream_id, created_ms, updated_ms)
     VALUES ('c1', 'Lobby', 'ONVIF', 'http://127.0.0.1:1/onvif', '', '', '{}', '[]', 's1', 1, 1)`,
  ).run();
  db.prepare(
    `INSERT INTO streams (id, camera_id, name, source_uri, profile_token, configuration_json, recording_configuration_json, capabilities_json, position, created_ms)
     VALUES ('s1', 'c1', 'Main', 'rtsp://127.0.0.1:1/main', NULL, '{}', '{}', '{}', 0, 1)`,
  ).run();
  return { db, revision, archives: new ArchiveIndex(db, dataDir), retention: new RetentionOverrides(db), dataDir };
}

/** Whether `write` moved the revision. */
function moves(revision: CameraListRevision, write: () => void): boolean {
  const before = revision.value;
  write();
  return revision.value !== before;
}

describe('CameraListRevision', () => {
  it('moves on every write to cameras and streams, whoever makes it', () => {
    const { db, revision } = setUp();
    expect(moves(revision, () => db.prepare("UPDATE cameras SET name = 'Hall' WHERE id = 'c1'").run())).toBe(true);
    expect(moves(revision, () => db.prepare("UPDATE streams SET name = 'Sub' WHERE id = 's1'").run())).toBe(true);
    expect(moves(revision, () => db.prepare("UPDATE cameras SET defunct = 1 WHERE id = 'c1'").run())).toBe(true);
    expect(moves(revision, () => db.prepare("DELETE FROM streams WHERE id = 's1'").run())).toBe(true);
    expect(moves(revision, () => db.prepare("DELETE FROM cameras WHERE id = 'c1'").run())).toBe(true);
  });

  it('moves when a retention override is set or cleared', () => {
    const { revision, retention } = setUp();
    expect(moves(revision, () => retention.set('c1', 86_400_000))).toBe(true);
    expect(moves(revision, () => retention.set('c1', 2 * 86_400_000))).toBe(true);
    expect(moves(revision, () => retention.forget('c1'))).toBe(true);
  });

  it("moves when a stream's archive end moves, not when only its size or start does", () => {
    const { revision, archives } = setUp();
    let id = 0;
    const file = path.join(archives.streamFolder('s1'), 'a_00001.mkv');
    expect(moves(revision, () => (id = archives.open({ streamId: 's1', cameraId: 'c1', path: file, startMs: 1_000 })))).toBe(true);
    expect(moves(revision, () => archives.update(id, { endMs: 3_000 }))).toBe(true);
    expect(moves(revision, () => archives.update(id, { sizeBytes: 4_096 }))).toBe(false);
    expect(moves(revision, () => archives.update(id, { startMs: 900 }))).toBe(false);
    expect(moves(revision, () => archives.close(id, { endMs: 3_000, sizeBytes: 8_192 }))).toBe(false);
    expect(moves(revision, () => archives.close(id, { endMs: 3_500, sizeBytes: 8_192 }))).toBe(true);
    expect(moves(revision, () => archives.remove([id]))).toBe(true);
  });

  it('does not move on writes the list does not show', () => {
    const { db, revision } = setUp();
    expect(moves(revision, () => db.prepare("INSERT INTO settings (name, value) VALUES ('x', 'y')").run())).toBe(false);
  });
});

describe('cameraListTag', () => {
  it('differs by each part and is a quoted strong tag', () => {
    const tag = cameraListTag([1, 'Administrator', '127.0.0.1', 's1:running:0']);
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(cameraListTag([1, 'Administrator', '127.0.0.1', 's1:running:0'])).toBe(tag);
    expect(cameraListTag([2, 'Administrator', '127.0.0.1', 's1:running:0'])).not.toBe(tag);
    expect(cameraListTag([1, 'Viewer', '127.0.0.1', 's1:running:0'])).not.toBe(tag);
    expect(cameraListTag([1, 'Administrator', 'localhost', 's1:running:0'])).not.toBe(tag);
    expect(cameraListTag([1, 'Administrator', '127.0.0.1', 's1:running:1'])).not.toBe(tag);
  });
});

describe('ifNoneMatchHas', () => {
  it('finds the tag in a list, weak or strong, or *', () => {
    expect(ifNoneMatchHas('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHas('"x", W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHas('*', '"abc"')).toBe(true);
    expect(ifNoneMatchHas(['"x"', '"abc"'], '"abc"')).toBe(true);
    expect(ifNoneMatchHas('"abcd"', '"abc"')).toBe(false);
    expect(ifNoneMatchHas('abc', '"abc"')).toBe(false);
    expect(ifNoneMatchHas(undefined, '"abc"')).toBe(false);
  });
});
