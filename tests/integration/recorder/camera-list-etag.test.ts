/**
 * GET /service/cameras answers a strong ETag, 304 to If-None-Match of the
 * current one, and a new tag once anything the list shows has changed:
 * a camera renamed, its retention, a stream's status, a camera added or
 * removed; roles get tags of their own. A real recorder (built in this
 * process, its own HTTP server and SQLite file, real ffmpeg) with two
 * cameras of real simulators written in before it starts, their streams
 * proxy-only so nothing records and the list holds still between changes.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera, CamerasResponse, StreamStatus } from '../../../server/shared/api';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { roleTokens } from '../helpers/ops-recorder';
import { call } from '../helpers/recorder-process';
import { seedSimulatedCameras } from '../helpers/seed-recording';
import { waitFor } from './helpers/media-recorder';
import { startSimulator } from './helpers/simulator';

let sim: CameraSim;
let recorder: InProcessRecorder;
let tokens: { admin: string; manager: string; viewer: string };
let dataDir: string;

beforeAll(async () => {
  sim = await startSimulator(3);
  dataDir = seedSimulatedCameras(sim.cameras, ['Lobby', 'Yard'], 'argus-list-etag-');
  recorder = await startInProcessRecorder('secret', { dataDir });
  tokens = await roleTokens(recorder.baseUrl);
  // Every stream running: from here on the list holds still until a test changes it.
  await waitFor('both streams to run', async () => {
    const cameras = (await list(tokens.admin)).body.data.cameras;
    return cameras.length === 2 && cameras.every((camera) => camera.lastStreamState === 'running') ? true : undefined;
  });
}, 120_000);

afterAll(async () => {
  await recorder?.close();
  await sim?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function list(token: string, etag?: string) {
  return call<CamerasResponse>(recorder.baseUrl, 'GET', '/service/cameras', { token, headers: etag ? { 'if-none-match': etag } : {} });
}

/** The current answer and its tag, as the admin sees them. */
async function current(token = tokens.admin): Promise<{ etag: string; cameras: Camera[] }> {
  const reply = await list(token);
  expect(reply.status).toBe(200);
  const etag = reply.headers.get('etag');
  expect(etag).toMatch(/^"[\w-]+"$/);
  return { etag: etag!, cameras: reply.body.data.cameras };
}

/** The answer to If-None-Match `etag` after a change: the whole list, under a new tag. */
async function changedSince(etag: string, token = tokens.admin): Promise<Camera[]> {
  const reply = await list(token, etag);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('etag')).not.toBe(etag);
  return reply.body.data.cameras;
}

const byName = (cameras: Camera[], name: string) => cameras.find((camera) => camera.name === name);

describe('the camera list tag', () => {
  it('answers 304 without a body to the current tag, and the list to another one', async () => {
    const { etag } = await current();
    const unchanged = await list(tokens.admin, etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeUndefined();
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect((await list(tokens.admin, `W/${etag}, "other"`)).status).toBe(304);
    expect((await list(tokens.admin, '"other"')).status).toBe(200);
  });

  it('still refuses a caller without a session, tag or not', async () => {
    const { etag } = await current();
    const reply = await call(recorder.baseUrl, 'GET', '/service/cameras', { headers: { 'if-none-match': etag } });
    expect(reply.status).toBe(401);
  });

  it('gives each role its own tag, and a 304 only for its own', async () => {
    const admin = await current(tokens.admin);
    const viewer = await current(tokens.viewer);
    const manager = await current(tokens.manager);
    expect(new Set([admin.etag, viewer.etag, manager.etag]).size).toBe(3);
    expect(viewer.cameras[0]!.permissions.actions).not.toEqual(admin.cameras[0]!.permissions.actions);
    expect((await list(tokens.viewer, viewer.etag)).status).toBe(304);
    const asViewerWithAdminTag = await list(tokens.viewer, admin.etag);
    expect(asViewerWithAdminTag.status).toBe(200);
    expect(asViewerWithAdminTag.body.data.cameras[0]!.permissions.actions).toEqual(viewer.cameras[0]!.permissions.actions);
  });

  it('moves when a camera is renamed', async () => {
    const { etag, cameras } = await current();
    const lobby = byName(cameras, 'Lobby')!;
    expect((await call(recorder.baseUrl, 'PATCH', `/service/cameras/${lobby.id}`, { token: tokens.admin, json: { name: 'Entrance' } })).status).toBe(200);
    const after = await changedSince(etag);
    expect(byName(after, 'Entrance')?.id).toBe(lobby.id);
  });

  it("moves when a camera's retention changes", async () => {
    const { etag, cameras } = await current();
    const yard = byName(cameras, 'Yard')!;
    const retention = 3 * 86_400_000;
    expect((await call(recorder.baseUrl, 'PATCH', `/service/cameras/${yard.id}`, { token: tokens.admin, json: { retention } })).status).toBe(200);
    expect(byName(await changedSince(etag), 'Yard')?.retention).toBe(retention);
  });

  it("moves when a stream's status changes", async () => {
    const { etag, cameras } = await current();
    const stream = byName(cameras, 'Yard')!.streams[0]!;
    const restarted = await call<StreamStatus>(recorder.baseUrl, 'POST', `/service/streams/${stream.id}/restart`, { token: tokens.admin });
    expect(restarted.status).toBe(200);
    const after = byName(await changedSince(etag), 'Yard')!.streams[0]!;
    expect([after.status.streamState, after.retryCount]).not.toEqual([stream.status.streamState, stream.retryCount]);
    await waitFor('the restarted stream to run again', async () =>
      byName((await current()).cameras, 'Yard')?.lastStreamState === 'running' ? true : undefined,
    );
  });

  it('moves when a camera is added, and again when it is removed', async () => {
    const before = await current();
    const camera = sim.cameras[2]!;
    const added = await call<Camera>(recorder.baseUrl, 'POST', '/service/cameras', {
      token: tokens.admin,
      json: { driver: 'ONVIF', connection: { uri: camera.onvifUrl, username: camera.username, password: camera.password }, name: 'Gate' },
    });
    expect(added.status).toBe(201);
    expect(byName(await changedSince(before.etag), 'Gate')?.id).toBe(added.body.id);

    const withGate = await current();
    expect((await call(recorder.baseUrl, 'DELETE', `/service/cameras/${added.body.id}`, { token: tokens.admin })).status).toBe(204);
    expect(byName(await changedSince(withGate.etag), 'Gate')).toBeUndefined();
  });
});
