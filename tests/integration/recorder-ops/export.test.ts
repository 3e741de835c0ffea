/**
 * Export through a real recorder over real archives of a simulated camera:
 * mkv and mov read back by ffprobe at the right duration, the first frame's
 * time strip at the requested start (at most one GOP early), HEAD, the
 * 'no archives in the region' 404, clear 4xx for bad input, and who may
 * export by Bearer, sid and JWT.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCameraSim, type CameraSim } from '../../../server/camera-sim/camera-sim';
import { MESSAGES } from '../../../server/shared/validation';
import { freePort } from '../helpers/free-port';
import { call } from '../helpers/recorder-process';
import { firstFrameTimeMs, probeMedia } from './media-probe';
import { roleTokens, startOpsRecorder, type OpsRecorder } from './ops-recorder';
import { seedRecording, type SeededStream } from './seed-recording';

const GOP_MS = 1000;
let sim: CameraSim;
let recorder: OpsRecorder;
let seeded: SeededStream;
let tokens: { admin: string; manager: string; viewer: string };
let dataDir: string;

beforeAll(async () => {
  sim = await startCameraSim({ count: 1, basePort: (await freePort()) + 100, motion: false });
  const camera = sim.cameras[0]!;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-export-'));
  seeded = await seedRecording({
    dataDir,
    rtspUrl: camera.rtspUrls.main,
    onvifUrl: camera.onvifUrl,
    username: camera.username,
    password: camera.password,
    cameraName: 'Lobby "East"/Door',
    seconds: 32,
    segmentSeconds: 10,
    lastActive: true,
  });
  recorder = await startOpsRecorder(dataDir, ['--max-export-hours', '1']);
  tokens = await roleTokens(recorder.baseUrl);
}, 180_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const url = (query: string, id = seeded.streamId) => `${recorder.baseUrl}/service/streams/${id}/export?${query}`;

async function download(query: string, headers: Record<string, string> = {}): Promise<{ status: number; file: string; headers: Headers; body: Buffer }> {
  const response = await fetch(url(query), { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const file = path.join(dataDir, `download-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(file, body);
  return { status: response.status, file, headers: response.headers, body };
}

describe('export', () => {
  it.each(['mkv', 'mov'] as const)('exports %s by stream copy: right duration, first frame at the start', async (format) => {
    const start = seeded.segments[0]!.startMs + 4_300;
    const stop = start + 15_000; // crosses from the first segment into the second
    const result = await download(`start=${start}&stop=${stop}&format=${format}`, { authorization: `Bearer ${tokens.manager}` });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe(format === 'mkv' ? 'video/x-matroska' : 'video/quicktime');
    const disposition = result.headers.get('content-disposition')!;
    expect(disposition).toMatch(new RegExp(`^attachment; filename="Lobby_East_Door-Main-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-\\d{4}-[\\d-]+T[\\d-]+Z\\.${format}"`));
    const facts = await probeMedia(result.file);
    expect(facts.codec).toBe('h264');
    expect(facts.width).toBe(1280);
    expect(facts.formatName).toContain(format === 'mkv' ? 'matroska' : 'mov');
    expect(facts.durationS * 1000).toBeGreaterThanOrEqual(15_000 - 80);
    expect(facts.durationS * 1000).toBeLessThanOrEqual(15_000 + GOP_MS + 80);
    const shown = await firstFrameTimeMs(result.file);
    expect(shown).toBeDefined();
    expect(shown!).toBeLessThanOrEqual(start);
    expect(shown!).toBeGreaterThan(start - GOP_MS - 80);
  });

  it('includes the segment being written up to its last written second', async () => {
    const active = seeded.segments.at(-1)!;
    const start = active.startMs - 8_000;
    const result = await download(`start=${start}&stop=${active.endMs + 4000}&sid=${tokens.manager}`);
    expect(result.status).toBe(200);
    const facts = await probeMedia(result.file);
    expect(facts.durationS * 1000).toBeGreaterThan(active.endMs - start - 200);
    expect(facts.durationS * 1000).toBeLessThan(active.endMs - start + GOP_MS + 200);
  });

  it('HEAD answers whether archives exist; nothing recorded is 404 no archives in the region', async () => {
    const inside = `start=${seeded.segments[0]!.startMs + 1000}&stop=${seeded.segments[0]!.startMs + 12_000}`;
    const outside = `start=${seeded.segments[0]!.startMs - 600_000}&stop=${seeded.segments[0]!.startMs - 500_000}`;
    const auth = { authorization: `Bearer ${tokens.manager}` };
    expect((await fetch(url(inside), { method: 'HEAD', headers: auth })).status).toBe(200);
    expect((await fetch(url(outside), { method: 'HEAD', headers: auth })).status).toBe(404);
    const missing = await call<{ reason: string }>(recorder.baseUrl, 'GET', `/service/streams/${seeded.streamId}/export?${outside}`, { token: tokens.manager });
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('no archives in the region');
  });

  it('refuses bad input with clear 4xx and keeps running', async () => {
    const s = seeded.segments[0]!.startMs;
    const get = (query: string, id?: string) => call<{ code: string; reason: string }>(recorder.baseUrl, 'GET', new URL(url(query, id)).pathname + new URL(url(query, id)).search, { token: tokens.manager });
    const reversed = await get(`start=${s + 20_000}&stop=${s}`);
    expect([reversed.status, reversed.body.code]).toEqual([400, 'invalid-range']);
    const short = await get(`start=${s}&stop=${s + 9_000}`);
    expect([short.status, short.body.reason]).toEqual([400, MESSAGES.exportRangeTooShort]);
    const long = await get(`start=${s - 3_600_000}&stop=${s + 1}`);
    expect([long.status, long.body.code]).toEqual([400, 'export-range-too-long']);
    const future = await get(`start=${Date.now() + 60_000}&stop=${Date.now() + 120_000}`);
    expect([future.status, future.body.code]).toEqual([400, 'invalid-range']);
    expect((await get(`start=yesterday&stop=${s}`)).status).toBe(400);
    expect((await get(`start=${s}&stop=${s + 20_000}&format=avi`)).body.code).toBe('invalid-format');
    expect((await get(`start=${s}&stop=${s + 20_000}`, '..%2F..%2Frecorder.db')).status).toBe(400);
    expect((await get(`start=${s}&stop=${s + 20_000}`, 'no-such-stream')).status).toBe(404);
    expect(recorder.running()).toBe(true);
    expect((await fetch(`${recorder.baseUrl}/service/ping`)).status).toBe(200);
  });

  it('only roles with export may download: Bearer, sid and JWT', async () => {
    const q = `start=${seeded.segments[0]!.startMs + 1000}&stop=${seeded.segments[0]!.startMs + 12_000}`;
    expect((await download(q)).status).toBe(401);
    expect((await download(q, { authorization: `Bearer ${tokens.viewer}` })).status).toBe(403);
    expect((await download(`${q}&sid=${tokens.viewer}`)).status).toBe(403);
    expect((await download(`${q}&sid=${tokens.admin}`)).status).toBe(200);

    const db = new Database(path.join(dataDir, 'recorder.db'), { readonly: true });
    const secret = (db.prepare("SELECT value FROM settings WHERE name = 'jwt-secret'").get() as { value: string }).value;
    const ids = Object.fromEntries((db.prepare('SELECT id, username FROM users').all() as Array<{ id: string; username: string }>).map((u) => [u.username, u.id]));
    db.close();
    const key = new Uint8Array(Buffer.from(secret, 'base64url'));
    const jwt = (sub: string, exp: number) => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime(exp).sign(key);
    const soon = Math.floor(Date.now() / 1000) + 300;
    const managerJwt = await download(`${q}&jwt=${await jwt(ids.manager!, soon)}`);
    expect(managerJwt.status).toBe(200);
    expect((await probeMedia(managerJwt.file)).durationS).toBeGreaterThan(10);
    expect((await download(`${q}&jwt=${await jwt(ids.viewer!, soon)}`)).status).toBe(403);
    expect((await download(`${q}&jwt=${await jwt(ids.manager!, Math.floor(Date.now() / 1000) - 10)}`)).status).toBe(401);
    expect((await download(`${q}&jwt=garbage`)).status).toBe(401);
  });
});
