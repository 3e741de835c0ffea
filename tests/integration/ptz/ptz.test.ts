/**
 * PTZ through a real recorder against a simulated ONVIF PTZ camera: a move
 * really shifts the picture, a preset returns to the same view (frames
 * compared), preset rules (names, max presets) and roles (Viewer none,
 * Manager moves and goes to presets, only an Administrator manages them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCameraSim, type CameraSim } from '../../../server/camera-sim/camera-sim';
import { MESSAGES } from '../../../server/shared/validation';
import { freePort } from '../helpers/free-port';
import { call } from '../helpers/recorder-process';
import { run } from '../helpers/media-probe';
import { startRecorder, type RecorderProcess } from '../helpers/recorder-process';
import { roleTokens } from '../helpers/ops-recorder';
import { seedCamera } from '../helpers/seed-recording';

const W = 160;
const H = 90;
let sim: CameraSim;
let recorder: RecorderProcess;
let cameraId: string;
let tokens: { admin: string; manager: string; viewer: string };
let dataDir: string;

beforeAll(async () => {
  sim = await startCameraSim({ count: 1, basePort: (await freePort()) + 100, motion: false, maxPresets: 3 });
  const camera = sim.cameras[0]!;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-ptz-'));
  ({ cameraId } = seedCamera({ dataDir, rtspUrl: camera.rtspUrls.main, onvifUrl: camera.onvifUrl, username: camera.username, password: camera.password, maxPresets: 3 }));
  recorder = await startRecorder({ dataDir });
  tokens = await roleTokens(recorder.baseUrl);
}, 120_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The camera's current picture, small and gray, below the time strip. */
async function picture(): Promise<Uint8Array> {
  const camera = sim.cameras[0]!;
  const u = new URL(camera.rtspUrls.main);
  u.username = camera.username;
  u.password = camera.password;
  const { stdout, stderr } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', u.toString(), '-frames:v', '1', '-vf', `scale=${W}:${H}`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  if (stdout.length !== W * H) throw new Error(`no frame: ${stderr}`);
  return new Uint8Array(stdout);
}

/** Mean absolute difference of two pictures, skipping the top rows (time strip and clock). */
function difference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = W * 12; i < W * H; i++) {
    sum += Math.abs(a[i]! - b[i]!);
    n++;
  }
  return sum / n;
}

/** Waits until the picture stops changing (the camera switched its view) and answers it. */
async function settledPicture(): Promise<Uint8Array> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  let last = await picture();
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 700));
    const next = await picture();
    if (difference(last, next) < 2) return next;
    last = next;
  }
  return last;
}

const api = (method: string, suffix: string, token: string, json?: unknown) =>
  call<{ code?: string; reason?: string; token?: string; name?: string; presets?: Array<{ token: string; name: string }>; maxPresets?: number }>(
    recorder.baseUrl, method, `/service/cameras/${cameraId}/position${suffix}`, json === undefined ? { token } : { token, json });

describe('PTZ', () => {
  // Each test starts with no presets, whatever an earlier one left.
  beforeEach(async () => {
    const list = await api('GET', '/presets', tokens.admin);
    for (const preset of list.body.presets ?? []) await api('DELETE', `/presets/${preset.token}`, tokens.admin);
  });

  it('a move shifts the picture and a preset returns to the same view', async () => {
    const home = await settledPicture();
    const saved = await api('POST', '/presets', tokens.admin, { name: 'Home View' });
    expect(saved.status).toBe(201);

    expect((await api('POST', '', tokens.manager, { x: 0.6, y: 0.3, z: 0.3, type: 'relative' })).status).toBe(204);
    const moved = await settledPicture();
    expect(difference(home, moved)).toBeGreaterThan(8);

    expect((await api('POST', `/presets/${saved.body.token}`, tokens.manager)).status).toBe(204);
    const back = await settledPicture();
    expect(difference(home, back)).toBeLessThan(3);

    // Continuous: move until the picture shows it (as a user holding the button would), then stop; the view stays moved.
    expect((await api('POST', '', tokens.manager, { x: -0.5, y: 0, z: 0, type: 'continuous' })).status).toBe(204);
    const deadline = Date.now() + 10_000;
    while (difference(home, await picture()) < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await api('POST', '', tokens.manager, { x: 0, y: 0, z: 0, type: 'continuous' })).status).toBe(204);
    expect(difference(home, await settledPicture())).toBeGreaterThan(4);
  });

  it('lists presets sorted by name, renames, enforces names and the camera’s maximum', async () => {
    const made = [];
    for (const name of ['Gate', 'Door 2', '']) {
      const reply = await api('POST', '/presets', tokens.admin, { name });
      expect(reply.status).toBe(201);
      made.push(reply.body.token!);
    }
    const full = await api('POST', '/presets', tokens.admin, { name: 'Fourth' });
    expect([full.status, full.body.code]).toEqual([409, 'errorCreatingPreset']);
    const list = await api('GET', '/presets', tokens.viewer);
    expect(list.status).toBe(200);
    expect(list.body.maxPresets).toBe(3);
    expect(list.body.presets!.map((p) => p.name)).toEqual(['Door 2', 'Gate', `Preset ${made[2]}`]);

    expect((await api('PATCH', `/presets/${made[0]}`, tokens.admin, { name: 'Back Gate' })).body.name).toBe('Back Gate');
    const tooLong = await api('PATCH', `/presets/${made[0]}`, tokens.admin, { name: 'x'.repeat(33) });
    expect([tooLong.status, tooLong.body.reason]).toEqual([400, MESSAGES.presetNameTooLong]);
    expect((await api('POST', '/presets', tokens.admin, { name: '<b>' })).status).toBe(400);
    expect((await api('GET', '/presets', tokens.admin)).body.presets!.map((p) => p.name)).toContain('Back Gate');
    for (const token of made) expect((await api('DELETE', `/presets/${token}`, tokens.admin)).status).toBe(204);
    expect((await api('DELETE', `/presets/${made[0]}`, tokens.admin)).status).toBe(404);
  });

  it('roles: a Viewer cannot move, a Manager moves but cannot manage presets, an Administrator can', async () => {
    expect((await api('POST', '', tokens.viewer, { x: 0.1, y: 0, z: 0, type: 'relative' })).status).toBe(403);
    expect((await api('POST', '', tokens.manager, { x: 0, y: 0, z: 0, type: 'continuous' })).status).toBe(204);
    expect((await api('POST', '/presets', tokens.manager, { name: 'Nope' })).status).toBe(403);
    expect((await api('POST', '/presets', tokens.viewer, { name: 'Nope' })).status).toBe(403);
    const created = await api('POST', '/presets', tokens.admin, { name: 'Admin' });
    expect(created.status).toBe(201);
    expect((await api('PATCH', `/presets/${created.body.token}`, tokens.manager, { name: 'X' })).status).toBe(403);
    expect((await api('DELETE', `/presets/${created.body.token}`, tokens.manager)).status).toBe(403);
    expect((await api('POST', `/presets/${created.body.token}`, tokens.viewer)).status).toBe(403);
    expect((await api('DELETE', `/presets/${created.body.token}`, tokens.admin)).status).toBe(204);
  });

  it('bad input gets clear errors and the recorder keeps running', async () => {
    expect((await api('POST', '', tokens.manager, { x: 2, y: 0, z: 0, type: 'relative' })).body.code).toBe('invalid-ptz-move');
    expect((await api('POST', '', tokens.manager, { x: 0, y: 0, z: 0, type: 'absolute' })).status).toBe(400);
    expect((await api('POST', '', tokens.manager, { x: '1', y: 0, z: 0, type: 'relative' })).status).toBe(400);
    expect((await api('POST', '', tokens.manager, { x: 0, type: 'relative', extra: 1 })).status).toBe(400);
    expect((await api('POST', '/presets/bad%3Ctoken', tokens.manager)).status).toBe(400);
    const unknown = await call(recorder.baseUrl, 'POST', '/service/cameras/no-such-camera/position', { token: tokens.manager, json: { x: 0, y: 0, z: 0, type: 'continuous' } });
    expect(unknown.status).toBe(404);
    expect(recorder.running()).toBe(true);
  });
});
