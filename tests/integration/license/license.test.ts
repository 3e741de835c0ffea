/**
 * Licensing end to end over loopback: a real activation service (in this
 * process, its own HTTP server and code file), a real recorder restarted on
 * the same data folder, a simulated camera. Activation is a form POST to the
 * service as the client makes it; the key goes to the recorder as the
 * client sends it; each restart is a new recorder on the same folder.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActivationService, type ActivationService } from '../../../server/activation-service/app';
import type { ActivationAnswer, Camera, DiscoverableOrchid, LicenseSession, StreamStatusesResponse, User } from '../../../server/shared/api';
import { ARCHIVE_FOLDER } from '../../../server/recorder/archive/archive-index';
import { STORAGE_MARKER_FILE } from '../../../server/recorder/license/storage-marker';
import { freePort } from '../helpers/free-port';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn } from '../helpers/recorder-process';
import { registerSimCamera } from '../helpers/sim-camera';
import { startSimulator } from '../recorder/helpers/simulator';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';

const CODE = 'LICEN-SE0NE-CAMER-A0001';
let service: ActivationService;
let serviceDir: string;
let dataDir: string;
let recorder: InProcessRecorder | undefined;
let sim: CameraSim;
const cleanup: string[] = [];

async function startRecorder(extraArgs: string[] = ['--license-issuer-key', service.publicKeyFile, '--activation-url', service.url]) {
  await recorder?.close();
  recorder = await startInProcessRecorder('secret', { dataDir, extraArgs });
  return { recorder, token: await signIn(recorder.baseUrl, 'admin', 'secret') };
}

async function orchid(token: string): Promise<DiscoverableOrchid> {
  const reply = await call<DiscoverableOrchid>(recorder!.baseUrl, 'GET', '/service/discoverable/orchids/1', { token });
  expect(reply.status).toBe(200);
  return reply.body;
}

async function activateOnService(code: string, machineId: string): Promise<ActivationAnswer> {
  const response = await fetch(`${service.url}/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://client.example' },
    body: new URLSearchParams({ activation_code: code, machine_id: machineId, location_description: 'Server room', headless: '1' }).toString(),
  });
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  return (await response.json()) as ActivationAnswer;
}

beforeAll(async () => {
  serviceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-activation-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-licensed-'));
  cleanup.push(serviceDir, dataDir);
  service = await startActivationService({ port: await freePort(), dataDir: serviceDir, codes: [{ code: CODE, cameras: 1, retentionBytes: 50 * 1024 ** 3, validDays: 30 }] });
  sim = await startSimulator(1);
});

afterAll(async () => {
  await recorder?.close();
  await service?.close();
  await sim?.stop();
  for (const folder of cleanup) fs.rmSync(folder, { recursive: true, force: true });
});

describe('licensing', () => {
  let licenseKey = '';

  it('runs the trial and tells the client where the activation service is; the service answers its ping', async () => {
    const { token } = await startRecorder();
    const found = await orchid(token);
    expect(found.licenseSession.state.status).toBe('normal');
    expect(found.licenseSession.license).toMatchObject({ edition: 'trial', cameras: 16, retention: null });
    expect(found.machineId).toMatch(/^[0-9a-f]{32}$/);
    expect(found.activationUrl).toBe(service.url);
    expect((await fetch(`${service.url}/ping`)).status).toBe(200);
  });

  it('activates a code over a form POST and takes the key as a pending change; a hand-edited key is refused', async () => {
    const token = await signIn(recorder!.baseUrl, 'admin', 'secret');
    const { machineId } = await orchid(token);
    const answer = await activateOnService(CODE, machineId);
    expect(answer.status).toBe('success');
    licenseKey = answer.status === 'success' ? answer.license : '';

    const [payload, signature] = licenseKey.split('.');
    const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), cameras: 500 })).toString('base64url');
    const refused = await call<{ code: string; reason: string }>(recorder!.baseUrl, 'POST', '/service/license-session', { token, json: { license: `${edited}.${signature}` } });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toMatch(/signature/);

    const added = await call<LicenseSession>(recorder!.baseUrl, 'POST', '/service/license-session', { token, json: { license: licenseKey } });
    expect(added.status).toBe(200);
    expect(added.body.state.status).toBe('pending_change');
    expect(added.body.license).toMatchObject({ edition: 'core', cameras: 1, activationCode: CODE });
    // The same code from another machine is refused by the service with its code and reason.
    expect(await activateOnService(CODE, 'another-machine-0001')).toMatchObject({ status: 'error', code: 'code-in-use' });
  });

  it('lets a Viewer read the session but not add or remove a license', async () => {
    const token = await signIn(recorder!.baseUrl, 'admin', 'secret');
    const created = await call<User>(recorder!.baseUrl, 'POST', '/service/users', {
      token,
      json: { username: 'licenseviewer', password: 'pass1234', passwordConfirm: 'pass1234', role: 'Viewer', email: 'v@example.com' },
    });
    expect(created.status).toBe(201);
    const viewer = await signIn(recorder!.baseUrl, 'licenseviewer', 'pass1234');
    expect((await orchid(viewer)).licenseSession.state.status).toBe('pending_change');
    expect((await call(recorder!.baseUrl, 'POST', '/service/license-session', { token: viewer, json: { license: licenseKey } })).status).toBe(403);
    expect((await call(recorder!.baseUrl, 'DELETE', '/service/license-session', { token: viewer })).status).toBe(403);
  });

  it('uses the license after a restart and enforces its camera count', async () => {
    const { token } = await startRecorder();
    const session = (await orchid(token)).licenseSession;
    expect(session.state.status).toBe('normal');
    expect(session.license).toMatchObject({ edition: 'core', cameras: 1, retention: 50 * 1024 ** 3, activationCode: CODE });
    expect(session.location).toBe('Server room');
    await registerSimCamera({ baseUrl: recorder!.baseUrl, token }, sim.cameras[0]!, 'Licensed', { mainOnly: true });
    const second = await call<{ code: string; reason: string }>(recorder!.baseUrl, 'POST', '/service/cameras', {
      token,
      json: { driver: 'Generic RTSP', connection: { uri: 'rtsp://127.0.0.1:1/second', username: 'u', password: 'p' }, name: 'Second' },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('license-camera-limit');
    expect(second.body.reason).toMatch(/allows 1 camera/);
  });

  it('is degraded for the license when the stored key no longer checks, and runs no stream', async () => {
    const otherIssuer = path.join(dataDir, '..', `${path.basename(dataDir)}-other-issuer.pem`);
    cleanup.push(otherIssuer);
    fs.writeFileSync(otherIssuer, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const { token } = await startRecorder(['--license-issuer-key', otherIssuer]);
    const session = (await orchid(token)).licenseSession;
    expect(session.state).toMatchObject({ status: 'degraded', reason: 'license' });
    const streams = await call<StreamStatusesResponse>(recorder!.baseUrl, 'GET', '/service/streams/status', { token });
    expect(streams.body.data.streams.length).toBeGreaterThan(0);
    for (const stream of streams.body.data.streams) expect(stream.streamState).toBe('idle');
    const cameras = await call<{ data: { cameras: Camera[] } }>(recorder!.baseUrl, 'GET', '/service/cameras', { token });
    expect(cameras.body.data.cameras[0]!.streams[0]!.status.streamState).toBe('idle');
  });

  it('records again once the key checks: restarted with the right issuer key, the stream runs', async () => {
    const { token } = await startRecorder();
    expect((await orchid(token)).licenseSession.state.status).toBe('normal');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const streams = await call<StreamStatusesResponse>(recorder!.baseUrl, 'GET', '/service/streams/status', { token });
      if (streams.body.data.streams.some((stream) => stream.streamState === 'running')) break;
      if (Date.now() > deadline) throw new Error(`no stream runs again: ${JSON.stringify(streams.body.data.streams)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  it('is degraded for the storage when the archive folder holds another marker', async () => {
    const marker = path.join(dataDir, ARCHIVE_FOLDER, STORAGE_MARKER_FILE);
    expect(fs.existsSync(marker)).toBe(true);
    fs.writeFileSync(marker, 'another-disk\n');
    const { token } = await startRecorder();
    expect((await orchid(token)).licenseSession.state).toMatchObject({ status: 'degraded', reason: 'storage' });
    // The other disk is left as it was found: its marker is not taken over.
    expect(fs.readFileSync(marker, 'utf8')).toBe('another-disk\n');
    const streams = await call<StreamStatusesResponse>(recorder!.baseUrl, 'GET', '/service/streams/status', { token });
    for (const stream of streams.body.data.streams) expect(stream.streamState).toBe('idle');
  });

  it('runs the trial with no activation service and no issuer key at all, and refuses keys it cannot check', async () => {
    await recorder?.close();
    recorder = await startInProcessRecorder('secret');
    const token = await signIn(recorder.baseUrl, 'admin', 'secret');
    const found = await orchid(token);
    expect(found.licenseSession).toMatchObject({ state: { status: 'normal' }, license: { edition: 'trial' }, licenseKey: null });
    expect(found.activationUrl).toBeNull();
    const refused = await call<{ code: string }>(recorder.baseUrl, 'POST', '/service/license-session', { token, json: { license: licenseKey } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('license-no-issuer');
    expect((await call(recorder.baseUrl, 'DELETE', '/service/license-session', { token })).status).toBe(200);
    expect((await call(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token })).status).toBe(404);
    expect((await call(recorder.baseUrl, 'DELETE', '/service/trusted/issuer', { token })).status).toBe(204);
  });
});
