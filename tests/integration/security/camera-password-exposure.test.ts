/**
 * A camera's password never leaves the recorder: a camera registered with a
 * distinctive password (ONVIF, and Generic RTSP with the password written
 * into its URI) has its settings pushed, its connection re-read (recovery)
 * and a failed registration with the password in the URI; then every GET
 * route of the recorder's own route table is called as the administrator
 * (cameras, streams, discovery, about, version, system status, the page,
 * ...), and neither any reply nor the recorder's output at trace level
 * holds the password, plainly, URL-encoded or inside a Basic credential.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCameraSim, type CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera, Stream, StreamStatus } from '../../../server/shared/api';
import { freePort } from '../helpers/free-port';
import { startInProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

const PASSWORD = 'Cam-pw-5e1d-never-shown';
const forms = [PASSWORD, encodeURIComponent(PASSWORD), Buffer.from(`admin:${PASSWORD}`).toString('base64')];

let getRoutes: string[] = [];
let recorder: RecorderProcess;
let sim: CameraSim;

async function startSim(): Promise<CameraSim> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      return await startCameraSim({ count: 1, basePort: 30_000 + Math.floor(Math.random() * 2_500) * 10, password: PASSWORD, motion: false });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

beforeAll(async () => {
  // The route table as the recorder itself registers it, so a route added later is walked too.
  const inProcess = await startInProcessRecorder();
  getRoutes = inProcess.app.routeTable.filter((r) => r.method === 'GET' && !r.websocket).map((r) => r.url);
  await inProcess.close();
  [recorder, sim] = await Promise.all([startRecorder({ extraArgs: ['--log-level', 'trace'] }), startSim()]);
}, 180_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
});

function expectNoPassword(text: string, where: string): void {
  for (const form of forms) expect(text.includes(form), `${where} holds the camera password`).toBe(false);
}

it('answers no route, page or log line with a camera password', async () => {
  const token = await signIn(recorder.baseUrl, 'admin', recorder.adminPassword);
  const camera = sim.cameras[0]!;
  const onvif = await call<Camera>(recorder.baseUrl, 'POST', '/service/cameras', {
    token,
    json: { driver: 'ONVIF', connection: { uri: camera.onvifUrl, username: camera.username, password: PASSWORD }, name: 'Secret camera' },
  });
  expect(onvif.status).toBe(201);
  const withUserinfo = camera.rtspUrls.sub.replace('rtsp://', `rtsp://admin:${encodeURIComponent(PASSWORD)}@`);
  const generic = await call<Camera>(recorder.baseUrl, 'POST', '/service/cameras', {
    token,
    json: { driver: 'Generic RTSP', connection: { uri: withUserinfo }, name: 'Secret generic' },
  });
  expect(generic.status).toBe(201);
  const failed = await call(recorder.baseUrl, 'POST', '/service/cameras', {
    token,
    json: { driver: 'ONVIF', connection: { uri: `http://admin:${PASSWORD}@127.0.0.1:${await freePort()}/onvif/device_service` }, name: 'Nowhere' },
  });
  expect(failed.status).toBe(422);
  const cameraId = onvif.body.id;
  const streamId = onvif.body.streams[0]!.id;
  const pushed = await call<Stream>(recorder.baseUrl, 'PATCH', `/service/cameras/${cameraId}/streams/${streamId}`, { token, json: { configuration: { Video: { FrameRate: 15 } } } });
  expect(pushed.status).toBe(200);
  const recovered = await call(recorder.baseUrl, 'PATCH', `/service/cameras/${cameraId}`, {
    token,
    json: { connection: { uri: camera.onvifUrl, username: camera.username, password: PASSWORD } },
  });
  expect(recovered.status).toBe(200);
  for (const reply of [onvif, generic, failed, pushed, recovered]) expectNoPassword(JSON.stringify(reply.body), 'a write reply');

  // Running streams, so the walk reads frames and states and the log has the ingest in it.
  const deadline = Date.now() + 60_000;
  while ((await call<StreamStatus>(recorder.baseUrl, 'GET', `/service/streams/${streamId}/status`, { token })).body.streamState !== 'running') {
    if (Date.now() > deadline) throw new Error('the stream did not run');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const query: Record<string, string> = {
    '/service/discoverable/cameras': `?ip=127.0.0.1:${camera.discoveryPort}`,
    '/service/archives': `?streamId=${streamId}`,
    '/service/streams': '?live=true',
    '/service/archives/per-day': `?ids=${streamId}`,
  };
  const fill = (url: string): string =>
    url
      .replace(/^\/service\/streams\/:id/, `/service/streams/${streamId}`)
      .replace(/:id/g, cameraId)
      .replace(/:streamId/g, streamId)
      .replace(/:[A-Za-z]+/g, '1')
      .replace(/\*$/, 'index.html');
  const walked: string[] = [];
  for (const route of getRoutes) {
    const path = fill(route) + (query[route] ?? '');
    const response = await fetch(`${recorder.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
    const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expectNoPassword(body, `GET ${path} (${response.status})`);
    expectNoPassword(JSON.stringify([...response.headers]), `the headers of GET ${path}`);
    walked.push(`${response.status} ${path}`);
  }
  // The walk covered what the camera screens read, and they answered.
  for (const read of ['/service/cameras', `/service/cameras/${cameraId}`, `/service/streams/${streamId}`, '/service/about', '/service/version']) {
    expect(walked).toContain(`200 ${read}`);
  }
  expect(walked.some((w) => w.startsWith('200 /service/discoverable/cameras'))).toBe(true);
  expect(walked.length).toBeGreaterThan(20);

  const output = recorder.output();
  expect(output).toMatch(/service\/cameras/);
  expectNoPassword(output, 'the recorder log');
});
