/**
 * Update client (POST /service/ui, GET /service/ui, POST /service/ui/rollback)
 * on a real recorder serving its own temporary client folder: a good archive
 * is served at '/' from the next request, a bad one is refused with nothing
 * written and the served client unchanged, only administrators may change
 * it, and a rollback serves the one before. Also the API description the
 * version page links to (GET /service/openapi.json, /service/docs).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ARCHIVE_BYTES } from '../../../server/recorder/system/client-archive';
import type { ApiError, ClientDeploymentResponse } from '../../../server/shared/api';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn } from '../helpers/recorder-process';

let recorder: InProcessRecorder;
let workDir: string;
let admin: string;
let manager: string;

const zip = (files: Record<string, string>): Buffer =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])) as Zippable));

async function upload(token: string, body: Buffer): Promise<{ status: number; body: ClientDeploymentResponse & ApiError }> {
  const response = await fetch(`${recorder.baseUrl}/service/ui`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip' },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as ClientDeploymentResponse & ApiError };
}

async function servedPage(file = ''): Promise<string> {
  const response = await fetch(`${recorder.baseUrl}/${file}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Every file under a folder (links not followed), relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-client-update-'));
  const clientDir = path.join(workDir, 'shipped');
  fs.mkdirSync(clientDir);
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<html>shipped client</html>');
  recorder = await startInProcessRecorder('secret', { clientDir });
  admin = await signIn(recorder.baseUrl, 'admin', 'secret');
  const created = await call(recorder.baseUrl, 'POST', '/service/users', {
    token: admin,
    json: { username: 'manager1', password: 'pass1234', passwordConfirm: 'pass1234', role: 'Manager', email: 'm@example.com' },
  });
  expect(created.status).toBe(201);
  manager = await signIn(recorder.baseUrl, 'manager1', 'pass1234');
});

afterAll(async () => {
  await recorder?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('update client', () => {
  it('serves an uploaded client from the next request, and keeps refused archives from changing anything', async () => {
    expect(await servedPage()).toContain('shipped client');
    expect((await call(recorder.baseUrl, 'GET', '/service/ui', { token: admin })).body).toEqual({ current: 'shipped', previous: null });

    const good = await upload(admin, zip({ 'index.html': '<html>client two</html>', 'assets/app.js': 'console.log(2)' }));
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.previous).toBe('shipped');
    expect(good.body.current).not.toBe('shipped');
    expect(await servedPage()).toContain('client two');
    expect(await servedPage('assets/app.js')).toBe('console.log(2)');

    const storeDir = path.join(recorder.dataDir, 'client');
    const before = { store: filesUnder(storeDir), work: filesUnder(workDir), data: filesUnder(recorder.dataDir) };
    const refused = [
      zip({ 'index.html': '<html>evil</html>', '../evil.html': 'x' }),
      zip({ 'index.html': '<html>evil</html>', 'assets/../../../evil.js': 'x' }),
      zip({ 'app.js': 'console.log(3)' }),
      zip({ 'index.html': '<html>evil</html>', 'run.sh': 'rm -rf /' }),
    ];
    for (const archive of refused) {
      const reply = await upload(admin, archive);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid-archive');
      expect(await servedPage()).toContain('client two');
    }
    expect((await upload(admin, Buffer.from('not a zip at all'))).body.code).toBe('invalid-archive');
    const noIndex = await upload(admin, zip({ 'app.js': 'x' }));
    expect(noIndex.body.reason).toContain('index.html');
    // Nothing was written: not in the client store, not beside the shipped client, not anywhere in the data folder.
    expect(filesUnder(storeDir)).toEqual(before.store);
    expect(filesUnder(workDir)).toEqual(before.work);
    expect(filesUnder(recorder.dataDir).filter((file) => !file.startsWith('log'))).toEqual(before.data.filter((file) => !file.startsWith('log')));
    expect(fs.existsSync(path.join(recorder.dataDir, 'evil.html'))).toBe(false);
  });

  it('asks for a file when the body is empty', async () => {
    const reply = await upload(admin, Buffer.alloc(0));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'no-file', reason: 'no file specified' });
  });

  it('refuses an archive over the upload limit with 413', async () => {
    const reply = await upload(admin, Buffer.alloc(MAX_ARCHIVE_BYTES + 1));
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe('body-too-large');
    expect(await servedPage()).toContain('client two');
  });

  it('refuses a Manager', async () => {
    const reply = await upload(manager, zip({ 'index.html': '<html>manager</html>' }));
    expect(reply.status).toBe(403);
    expect((await call(recorder.baseUrl, 'POST', '/service/ui/rollback', { token: manager })).status).toBe(403);
    expect(await servedPage()).toContain('client two');
  });

  it('rolls back to the previous client, and the rollback can be undone', async () => {
    const back = await call<ClientDeploymentResponse>(recorder.baseUrl, 'POST', '/service/ui/rollback', { token: admin });
    expect(back.status).toBe(200);
    expect(back.body.current).toBe('shipped');
    expect(await servedPage()).toContain('shipped client');
    const again = await call<ClientDeploymentResponse>(recorder.baseUrl, 'POST', '/service/ui/rollback', { token: admin });
    expect(again.body.previous).toBe('shipped');
    expect(await servedPage()).toContain('client two');
  });

  it('accepts a zipped folder holding the client, and keeps only the current and previous uploads', async () => {
    const reply = await upload(admin, zip({ 'client/index.html': '<html>client three</html>', 'client/app.css': 'body{}' }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await servedPage()).toContain('client three');
    expect(await servedPage('app.css')).toBe('body{}');
    expect(fs.readdirSync(path.join(recorder.dataDir, 'client', 'versions')).sort()).toEqual([reply.body.current, reply.body.previous].sort());
  });
});

describe('API docs', () => {
  it('describes the /service API from the route schemas', async () => {
    const reply = await call<{ openapi: string; paths: Record<string, Record<string, { description?: string; requestBody?: unknown; responses?: Record<string, unknown> }>> }>(
      recorder.baseUrl,
      'GET',
      '/service/openapi.json',
    );
    expect(reply.status).toBe(200);
    const { paths } = reply.body;
    expect(paths['/service/cameras']?.get?.description).toContain('Access: live');
    expect(JSON.stringify(paths['/service/cameras']?.post?.requestBody)).toContain('"username"');
    expect(paths['/service/ui']?.post?.description).toContain('Access: update-client');
    expect(JSON.stringify(paths['/service/ui']?.post?.responses)).toContain('"previous"');
    expect(Object.keys(paths).every((key) => key.startsWith('/service/'))).toBe(true);
    const docs = await fetch(`${recorder.baseUrl}/service/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
    // The docs UI alone may use inline styles; scripts stay 'self' there, and everything else keeps the strict policy.
    const docsPolicy = docs.headers.get('content-security-policy') ?? '';
    expect(docsPolicy).toContain("style-src 'self' 'unsafe-inline'");
    expect(docsPolicy).toContain("script-src 'self';");
    const clientPolicy = (await fetch(`${recorder.baseUrl}/`)).headers.get('content-security-policy') ?? '';
    expect(clientPolicy).toContain("style-src 'self';");
    expect(clientPolicy).not.toContain('unsafe-inline');
  });
});
