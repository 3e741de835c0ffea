/**
 * Secrets at rest, through a real recorder process and a simulated camera
 * with a distinctive password: the data folder is the recorder's alone
 * (0700, files 0600, archives too), a copy of recorder.db holds neither the
 * camera password nor anything that opens the recorder (no signing key; a
 * stored session hash is not a token), the master key lives apart in the
 * secrets folder, a start without that key refuses to run rather than lose
 * the cameras, and a database an older recorder left open and in plain text
 * is narrowed and sealed at the next start, the camera still recording.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCameraSim, type CameraSim } from '../../../server/camera-sim/camera-sim';
import type { ArchivesResponse } from '../../../server/shared/api';
import { startMediaRecorder, waitFor, type MediaRecorder } from '../recorder/helpers/media-recorder';
import { registerSimCamera } from '../helpers/sim-camera';
import { startRecorder } from '../helpers/recorder-process';

const CAMERA_PASSWORD = 'Zq7-unique-camera-secret-4711';

let sim: CameraSim;
let dataDir: string;
let streamId: string;

async function startSim(): Promise<CameraSim> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startCameraSim({ count: 1, basePort: 30_000 + Math.floor(Math.random() * 2_500) * 10, password: CAMERA_PASSWORD });
    } catch (error) {
      if (attempt >= 9) throw error;
    }
  }
}

function mode(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

function fileContains(file: string, text: string): boolean {
  return fs.existsSync(file) && fs.readFileSync(file).includes(Buffer.from(text, 'utf8'));
}

/**
 * Every file under a folder, recursively. Symbolic links are left out and
 * not followed: their own mode bits mean nothing, and the served client's
 * link (client/current) points at the shipped client outside the folder.
 */
function walk(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) return [];
    return entry.isDirectory() ? [full, ...walk(full)] : [full];
  });
}

/** Waits until the camera's stream has a segment started after `sinceMs`: the recorder opened its password and the camera took it. */
async function recording(recorder: MediaRecorder, sinceMs: number): Promise<void> {
  await waitFor('a segment of this start', async () => {
    const reply = await recorder.call<ArchivesResponse>('GET', `/service/archives?streamId=${streamId}&take=1000`);
    return reply.status === 200 && reply.body.data.archives.some((a) => a.start >= sinceMs) ? true : undefined;
  }, 60_000);
}

beforeAll(async () => {
  sim = await startSim();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-secrets-'));
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('secrets at rest', () => {
  it('keeps the data folder private and the camera password out of the database file', async () => {
    const since = Date.now();
    const recorder = await startMediaRecorder({ dataDir });
    try {
      streamId = (await registerSimCamera(recorder, sim.cameras[0]!, 'Vault', { mainOnly: true })).streams[0]!.id;
      await recording(recorder, since);
      // A segment file exists once ffmpeg has opened it.
      await waitFor('a segment file', () => (walk(dataDir).some((f) => f.endsWith('.mkv')) ? true : undefined), 30_000);
    } finally {
      await recorder.stop();
    }
    expect(mode(dataDir)).toBe(0o700);
    const files = walk(dataDir);
    const open = files.filter((file) => (mode(file) & 0o077) !== 0).map((file) => `${path.relative(dataDir, file)} ${mode(file).toString(8)}`);
    expect(open).toEqual([]);
    expect(mode(path.join(dataDir, 'secrets', 'master.key'))).toBe(0o600);

    // Everything an attacker could copy from beside the database: the file, its WAL and shared memory.
    for (const name of ['recorder.db', 'recorder.db-wal', 'recorder.db-shm']) {
      expect(fileContains(path.join(dataDir, name), CAMERA_PASSWORD), name).toBe(false);
    }
    const copy = new Database(path.join(dataDir, 'recorder.db'), { readonly: true });
    try {
      const camera = copy.prepare('SELECT password FROM cameras').get() as { password: string };
      expect(camera.password.startsWith('v1:')).toBe(true);
      // No signing key: nothing in the settings can mint an export link or a session.
      const settings = copy.prepare('SELECT name FROM settings').all() as Array<{ name: string }>;
      expect(settings.map((s) => s.name)).not.toContain('jwt-secret');
    } finally {
      copy.close();
    }
  }, 180_000);

  it('forges nothing from a copy of the database: a stored session hash is not a token', async () => {
    const recorder = await startRecorder({ dataDir });
    try {
      const copy = new Database(path.join(dataDir, 'recorder.db'), { readonly: true });
      const hashes = (copy.prepare('SELECT token_hash FROM sessions').all() as Array<{ token_hash: string }>).map((r) => r.token_hash);
      copy.close();
      expect(hashes.length).toBeGreaterThan(0);
      for (const hash of hashes) {
        const reply = await fetch(`${recorder.baseUrl}/service/sessions/me`, { headers: { authorization: `Bearer ${hash}` } });
        expect(reply.status).toBe(401);
      }
      // A self-made export link (the old JWT form) opens nothing.
      const forged = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: 'admin', exp: 4_102_444_800 })).toString('base64url')}.x`;
      const exported = await fetch(`${recorder.baseUrl}/service/streams/${streamId}/export?from=0&to=1000&jwt=${forged}`);
      expect(exported.status).toBe(401);
    } finally {
      await recorder.stop();
    }
  }, 120_000);

  it('refuses to start without the master key while sealed passwords exist, and starts again with it', async () => {
    const keyFile = path.join(dataDir, 'secrets', 'master.key');
    const saved = fs.readFileSync(keyFile);
    fs.rmSync(keyFile);
    const failed = await startRecorder({ dataDir }).then(
      async (recorder) => {
        await recorder.stop();
        return '';
      },
      (error: Error) => error.message,
    );
    expect(failed).toContain('recorder exited early');
    expect(failed).toContain('master.key');
    // It made no new key in its place, so restoring the right one is all an operator has to do.
    expect(fs.existsSync(keyFile)).toBe(false);

    fs.writeFileSync(keyFile, saved, { mode: 0o600 });
    const since = Date.now();
    const recorder = await startMediaRecorder({ dataDir });
    try {
      await recording(recorder, since);
    } finally {
      await recorder.stop();
    }
  }, 180_000);

  it('narrows a folder an older recorder left open and seals its plain-text passwords; the camera still records', async () => {
    // What an older recorder left: a plain-text password, no sealed marker, 0755 folders and 0644 files.
    const db = new Database(path.join(dataDir, 'recorder.db'));
    db.prepare('UPDATE cameras SET password = ?').run(CAMERA_PASSWORD);
    db.prepare("DELETE FROM settings WHERE name = 'camera-passwords-sealed'").run();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    expect(fileContains(path.join(dataDir, 'recorder.db'), CAMERA_PASSWORD)).toBe(true);
    for (const file of walk(dataDir)) fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o755 : 0o644);
    fs.chmodSync(dataDir, 0o755);

    const since = Date.now();
    const recorder = await startMediaRecorder({ dataDir });
    try {
      await recording(recorder, since);
    } finally {
      await recorder.stop();
    }
    expect(mode(dataDir)).toBe(0o700);
    expect(walk(dataDir).filter((file) => (mode(file) & 0o077) !== 0)).toEqual([]);
    for (const name of ['recorder.db', 'recorder.db-wal']) {
      expect(fileContains(path.join(dataDir, name), CAMERA_PASSWORD), name).toBe(false);
    }
  }, 180_000);
});
