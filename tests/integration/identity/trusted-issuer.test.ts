/**
 * The trusted issuer through a real recorder (GET, PUT, DELETE
 * /service/trusted/issuer): none at first (404), attached by an
 * administrator or by the start options, shown without secrets, detached;
 * refused input; and an attachment that survives a restart.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustedIssuer } from '../../../server/shared/api';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn } from '../helpers/recorder-process';

const keys = generateKeyPairSync('ed25519');
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

let recorder: InProcessRecorder;
let admin: string;

beforeAll(async () => {
  recorder = await startInProcessRecorder('secret', { keepDataDir: true });
  admin = await signIn(recorder.baseUrl, 'admin', 'secret');
});

afterAll(async () => {
  await recorder?.close();
  if (recorder) fs.rmSync(recorder.dataDir, { recursive: true, force: true });
});

describe('trusted issuer routes', () => {
  it('has none at first: GET answers 404 no-trusted-issuer and DELETE still succeeds', async () => {
    const none = await call<{ code: string }>(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token: admin });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('no-trusted-issuer');
    expect((await call(recorder.baseUrl, 'DELETE', '/service/trusted/issuer', { token: admin })).status).toBe(204);
  });

  it('attaches an issuer and shows its public facts with this server as the audience', async () => {
    const put = await call<TrustedIssuer>(recorder.baseUrl, 'PUT', '/service/trusted/issuer', {
      token: admin,
      json: { name: 'portal', publicKey: publicPem, url: 'https://portal.example' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const got = await call<TrustedIssuer>(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token: admin });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ name: 'portal', url: 'https://portal.example', algorithm: 'EdDSA', source: 'api', audience: recorder.services.serverId });
    expect(got.body.publicKey.trim()).toBe(publicPem.trim());
    expect(JSON.stringify(got.body)).not.toMatch(/PRIVATE/);
  });

  it('refuses a private key, a key of no accepted kind and extra fields, keeping the attached issuer', async () => {
    const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const [json, code] of [
      [{ name: 'x', publicKey: privatePem }, 'invalid-public-key'],
      [{ name: 'x', publicKey: weak }, 'invalid-public-key'],
      [{ name: 'x', publicKey: publicPem, extra: 1 }, undefined],
      [{ name: '', publicKey: publicPem }, undefined],
    ] as const) {
      const reply = await call<{ code: string }>(recorder.baseUrl, 'PUT', '/service/trusted/issuer', { token: admin, json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
      if (code) expect(reply.body.code).toBe(code);
    }
    expect((await call<TrustedIssuer>(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token: admin })).body.name).toBe('portal');
  });

  it('keeps the issuer across a restart, then detaches', async () => {
    const { dataDir } = recorder;
    await recorder.close();
    recorder = await startInProcessRecorder('secret', { dataDir });
    admin = await signIn(recorder.baseUrl, 'admin', 'secret');
    expect((await call<TrustedIssuer>(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token: admin })).body.name).toBe('portal');
    expect((await call(recorder.baseUrl, 'DELETE', '/service/trusted/issuer', { token: admin })).status).toBe(204);
    expect((await call(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token: admin })).status).toBe(404);
  });

  it('is attached by --trusted-issuer and --trusted-issuer-key at start', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-issuer-key-'));
    const keyFile = path.join(folder, 'portal.pem');
    fs.writeFileSync(keyFile, publicPem);
    const { dataDir } = recorder;
    await recorder.close();
    try {
      recorder = await startInProcessRecorder('secret', { dataDir, extraArgs: ['--trusted-issuer', 'kiosk-portal', '--trusted-issuer-key', keyFile] });
      admin = await signIn(recorder.baseUrl, 'admin', 'secret');
      const got = await call<TrustedIssuer>(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token: admin });
      expect(got.body).toMatchObject({ name: 'kiosk-portal', source: 'option', algorithm: 'EdDSA' });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
