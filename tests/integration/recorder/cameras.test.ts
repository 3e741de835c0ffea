/**
 * Camera registration and configuration against a real recorder and real
 * simulated cameras: ONVIF and Generic RTSP registration, the clear 4xx
 * answers for bad input and unusable cameras (the recorder keeps running),
 * passwords never answered, roles, streams and discovery, and what a
 * camera's deletion takes with it.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera, CamerasResponse, DiscoveredCamerasResponse, Stream, StreamStatus } from '../../../server/shared/api';
import { freePort } from '../helpers/free-port';
import { signIn } from '../helpers/recorder-process';
import { startMediaRecorder, waitFor, type MediaRecorder } from './helpers/media-recorder';
import { startSimulator } from './helpers/simulator';

let recorder: MediaRecorder;
let sim: CameraSim;

beforeAll(async () => {
  [recorder, sim] = await Promise.all([startMediaRecorder(), startSimulator(2)]);
});

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
});

const cam = (i: number) => sim.cameras[i]!;

async function stillRunning(): Promise<void> {
  expect((await fetch(`${recorder.baseUrl}/service/ping`)).status).toBe(200);
}

describe('registration', () => {
  let onvif: Camera;

  it('registers an ONVIF camera with its profiles as streams', async () => {
    const c = cam(0);
    const reply = await recorder.call<Camera>('POST', '/service/cameras', {
      driver: 'ONVIF',
      connection: { uri: c.onvifUrl, username: c.username, password: c.password },
      name: 'Front door',
    });
    expect(reply.status).toBe(201);
    onvif = reply.body;
    expect(onvif).toMatchObject({
      name: 'Front door',
      driver: 'ONVIF',
      configuration: { IPAddress: '127.0.0.1', BaseUri: c.onvifUrl },
      capabilities: { camera: { PossibleStreams: 2, PTZ: { pan: 'true', tilt: 'true', zoom: 'true', maxPresets: 10 } } },
      permissions: { actions: { live: true, playback: true, ptz: true, export: true } },
      retention: 0,
      defunct: false,
      features: { ptzPresets: true },
    });
    expect(onvif.streams.map((s) => s.configuration.Video?.Resolution)).toEqual(['1280x720', '640x360']);
    expect(onvif.primaryStream?.id).toBe(onvif.streams[0]!.id);
    expect(onvif.primaryStream?.href).toBe(`/service/streams/${onvif.streams[0]!.id}`);
    expect(onvif.primaryStream?.rtsp).toMatch(new RegExp(`^rtsp://127\\.0\\.0\\.1:\\d+/orchid/live\\?id=${onvif.streams[0]!.id}$`));
    expect(onvif.streams[0]!.capabilities.Video?.FrameRate).toEqual({ type: 'int', min: 1, max: 25 });
    await waitFor('the primary stream to run', async () => {
      const status = await recorder.call<StreamStatus>('GET', `/service/streams/${onvif.streams[0]!.id}/status`);
      return status.body.streamState === 'running' ? true : undefined;
    });
  });

  it('registers a Generic RTSP camera with one Fixed stream', async () => {
    const c = cam(1);
    const reply = await recorder.call<Camera>('POST', '/service/cameras', {
      driver: 'Generic RTSP',
      connection: { uri: c.rtspUrls.sub, username: c.username, password: c.password },
      name: 'Yard',
    });
    expect(reply.status).toBe(201);
    const generic = reply.body;
    expect(generic.capabilities.camera.PossibleStreams).toBe(1);
    expect(generic.streams).toHaveLength(1);
    expect(generic.streams[0]!.configuration).toMatchObject({
      General: { Path: new URL(c.rtspUrls.sub).pathname },
      Video: { Resolution: '640x360', Encoder: 'H264' },
      Fixed: 'true',
    });
    const streamId = generic.streams[0]!.id;
    await waitFor('the generic stream to run', async () =>
      (await recorder.call<StreamStatus>('GET', `/service/streams/${streamId}/status`)).body.streamState === 'running' ? true : undefined,
    );
    // A Fixed stream cannot be deleted, and there is no room for another.
    expect((await recorder.call('DELETE', `/service/cameras/${generic.id}/streams/${streamId}`)).status).toBe(409);
    expect((await recorder.call('POST', `/service/cameras/${generic.id}/streams`, { name: 'Second' })).status).toBe(409);
  });

  it('refuses the same camera twice', async () => {
    const c = cam(0);
    const reply = await recorder.call('POST', '/service/cameras', {
      driver: 'ONVIF',
      connection: { uri: c.onvifUrl, username: c.username, password: c.password },
      name: 'Again',
    });
    expect(reply.status).toBe(409);
  });

  it('never answers a camera password', async () => {
    const secret = cam(0).password;
    const replies = await Promise.all([
      recorder.call('GET', '/service/cameras'),
      recorder.call('GET', `/service/cameras/${onvif.id}`),
      recorder.call('GET', '/service/streams?live=true'),
      recorder.call('GET', `/service/streams/${onvif.streams[0]!.id}`),
      recorder.call('PATCH', `/service/cameras/${onvif.id}`, { name: 'Front door' }),
    ]);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      const text = JSON.stringify(reply.body);
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/"password"/i);
    }
  });

  it('edits, verifies and runs the streams of a camera', async () => {
    const id = onvif.id;
    const [main, sub] = onvif.streams;
    const patched = await recorder.call<Camera>('PATCH', `/service/cameras/${id}`, {
      name: 'Front gate',
      primaryStream: { id: sub!.id },
      retention: 7 * 86_400_000,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Front gate', retention: 7 * 86_400_000, primaryStream: { id: sub!.id } });
    expect((await recorder.call('PATCH', `/service/cameras/${id}`, { retention: 10_001 * 86_400_000 })).status).toBe(400);
    expect((await recorder.call('PATCH', `/service/cameras/${id}`, { name: '' })).body).toMatchObject({ reason: 'Camera name is required.' });

    expect((await recorder.call('GET', `/service/cameras/${id}/verify`)).body).toMatchObject({ success: true });

    // PossibleStreams is 2 and both profiles are in use.
    expect((await recorder.call('POST', `/service/cameras/${id}/streams`, { name: 'Third' })).body).toMatchObject({ code: 'possible-streams-reached' });
    // Proxy only: no archive output, still live.
    const proxy = await recorder.call<Stream>('PATCH', `/service/cameras/${id}/streams/${sub!.id}`, { recordingStyle: 'proxy-only' });
    expect(proxy.body.recordingStyle).toBe('proxy-only');
    expect(proxy.body.recordingConfiguration).toMatchObject({ mode: 'PROXY_ONLY_MODE', filesplit: { recordState: false } });
    await waitFor('the proxy-only ffmpeg without segment output', () => {
      const ffmpegs = recorder.ffmpegs(new URL(cam(0).rtspUrls.sub).pathname);
      return ffmpegs.length === 1 && !ffmpegs[0]!.args.includes('-f segment') ? true : undefined;
    });
    expect(
      (await recorder.call('PUT', `/service/cameras/${id}/streams/${main!.id}`, {
        name: 'Main',
        recordingConfiguration: { mode: 'PROXY_ONLY_MODE', filesplit: { recordState: true } },
      })).body,
    ).toMatchObject({ code: 'unknown-recording-style' });
    const clamped = await recorder.call<Stream>('PUT', `/service/cameras/${id}/streams/${main!.id}`, {
      name: 'Main',
      configuration: { Video: { FrameRate: 100, Resolution: '999x999' } },
      recordingStyle: 'continuous',
    });
    expect(clamped.body.configuration.Video).toMatchObject({ FrameRate: 25, Resolution: '640x360' });
    expect(clamped.body.recordingStyle).toBe('continuous');

    // Deleting a stream frees its profile for a new one.
    expect((await recorder.call('DELETE', `/service/cameras/${id}/streams/${sub!.id}`)).status).toBe(204);
    const again = await recorder.call<Stream>('POST', `/service/cameras/${id}/streams`, { name: 'Sub again', recordingStyle: 'continuous' });
    expect(again.status).toBe(201);
    expect(again.body.configuration.Video?.Resolution).toBe('640x360');
  });

  it('finds the camera by unicast discovery and marks it registered', async () => {
    const reply = await recorder.call<DiscoveredCamerasResponse>('GET', `/service/discoverable/cameras?ip=127.0.0.1:${cam(0).discoveryPort}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.cameras).toEqual([
      expect.objectContaining({ ip: '127.0.0.1', url: cam(0).onvifUrl, registered: true, configured: true }),
    ]);
    expect(decodeURIComponent(reply.body.data.cameras[0]!.name)).toBeTruthy();
    expect((await recorder.call('GET', '/service/discoverable/cameras?ip=not%20an%20ip')).status).toBe(400);
  });
});

describe('refusals (the recorder keeps running)', () => {
  const marker = path.join(os.tmpdir(), `argus-shell-${process.pid}-${Date.now()}`);

  it('wrong credentials', async () => {
    const onvif = await recorder.call('POST', '/service/cameras', {
      driver: 'ONVIF',
      connection: { uri: cam(1).onvifUrl, username: cam(1).username, password: 'wrong-password' },
      name: 'Bad creds',
    });
    expect(onvif.status).toBe(422);
    expect(onvif.body).toMatchObject({ code: 'camera-authentication-failed' });
    const generic = await recorder.call('POST', '/service/cameras', {
      driver: 'Generic RTSP',
      connection: { uri: cam(1).rtspUrls.main, username: cam(1).username, password: 'wrong-password' },
      name: 'Bad creds',
    });
    expect(generic.status).toBe(422);
    expect(generic.body).toMatchObject({ code: 'camera-authentication-failed' });
    await stillRunning();
  });

  it('an unreachable address', async () => {
    const closed = await freePort();
    for (const [driver, uri] of [
      ['ONVIF', `http://127.0.0.1:${closed}/onvif/device_service`],
      ['Generic RTSP', `rtsp://127.0.0.1:${closed}/live`],
    ] as const) {
      const reply = await recorder.call('POST', '/service/cameras', { driver, connection: { uri }, name: 'Nowhere' });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ code: 'camera-unreachable' });
    }
    await stillRunning();
  });

  it('a URL of the wrong kind', async () => {
    const reply = await recorder.call('POST', '/service/cameras', {
      driver: 'Generic RTSP',
      connection: { uri: cam(1).onvifUrl },
      name: 'Not RTSP',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid-connection', reason: expect.stringMatching(/rtsp:\/\//) });
    expect((await recorder.call('POST', '/service/cameras', { driver: 'ONVIF', connection: { uri: 'ftp://x/y' }, name: 'x' })).status).toBe(400);
    await stillRunning();
  });

  it('a URL full of shell characters', async () => {
    const port = new URL(cam(1).rtspUrls.main).port;
    for (const uri of [
      `rtsp://127.0.0.1:${port}/$(touch ${marker});touch\${IFS}${marker}&&touch ${marker}||true`,
      `rtsp://127.0.0.1:${port}/\`touch ${marker}\``,
      `rtsp://127.0.0.1:${port}/x'; touch ${marker}; echo '`,
      // Valid URL characters only, so this one reaches ffprobe: it must arrive there as one argument.
      `rtsp://127.0.0.1:${port}/$(touch$IFS${marker})&&touch$IFS${marker};touch$IFS${marker}`,
    ]) {
      const reply = await recorder.call('POST', '/service/cameras', { driver: 'Generic RTSP', connection: { uri }, name: 'Shell' });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect((reply.body as { reason: string }).reason.length).toBeGreaterThan(0);
    }
    expect(fs.existsSync(marker)).toBe(false);
    await stillRunning();
  });

  it('a missing name, with the spec wording', async () => {
    const reply = await recorder.call('POST', '/service/cameras', { driver: 'ONVIF', connection: { uri: cam(1).onvifUrl }, name: ' ' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ reason: 'Camera name is required.' });
  });
});

describe('roles', () => {
  it('a Viewer reads cameras with its own actions but cannot register, edit or delete', async () => {
    expect((await recorder.call('POST', '/service/users', { username: 'viewer1', password: 'viewer-pass', role: 'Viewer' })).status).toBe(201);
    const token = await signIn(recorder.baseUrl, 'viewer1', 'viewer-pass');
    const list = await recorder.call<CamerasResponse>('GET', '/service/cameras', undefined, token);
    expect(list.status).toBe(200);
    expect(list.body.data.cameras.length).toBeGreaterThan(0);
    expect(list.body.data.cameras[0]!.permissions.actions).toEqual({ live: true, playback: true, ptz: false, export: false });
    const c = cam(1);
    const register = await recorder.call(
      'POST',
      '/service/cameras',
      { driver: 'ONVIF', connection: { uri: c.onvifUrl, username: c.username, password: c.password }, name: 'Not allowed' },
      token,
    );
    expect(register.status).toBe(403);
    const id = list.body.data.cameras[0]!.id;
    expect((await recorder.call('PATCH', `/service/cameras/${id}`, { name: 'x' }, token)).status).toBe(403);
    expect((await recorder.call('DELETE', `/service/cameras/${id}`, undefined, token)).status).toBe(403);
    expect((await recorder.call('GET', '/service/discoverable/cameras?ip=127.0.0.1', undefined, token)).status).toBe(403);
  });

  it('deleting a camera stops its ingest', async () => {
    const list = await recorder.call<CamerasResponse>('GET', '/service/cameras');
    const yard = list.body.data.cameras.find((c) => c.driver === 'Generic RTSP')!;
    const pathOnCamera = new URL(cam(1).rtspUrls.sub).pathname;
    expect(recorder.ffmpegs(pathOnCamera)).toHaveLength(1);
    expect((await recorder.call('DELETE', `/service/cameras/${yard.id}`)).status).toBe(204);
    expect(recorder.ffmpegs(pathOnCamera)).toHaveLength(0);
    expect((await recorder.call('GET', `/service/cameras/${yard.id}`)).status).toBe(404);
  });

  it('deleting a camera forgets its PTZ preset names', async () => {
    const list = await recorder.call<CamerasResponse>('GET', '/service/cameras');
    const onvif = list.body.data.cameras.find((c) => c.driver === 'ONVIF')!;
    const presetNames = () => {
      const db = new Database(path.join(recorder.dataDir, 'recorder.db'), { readonly: true, fileMustExist: true });
      try {
        return db.prepare('SELECT COUNT(*) AS n FROM ptz_preset_names WHERE camera_id = ?').get(onvif.id) as { n: number };
      } finally {
        db.close();
      }
    };
    expect((await recorder.call('POST', `/service/cameras/${onvif.id}/position/presets`, { name: 'Gate' })).status).toBe(201);
    expect(presetNames().n).toBe(1);
    expect((await recorder.call('DELETE', `/service/cameras/${onvif.id}`)).status).toBe(204);
    expect(presetNames().n).toBe(0);
  });
});
