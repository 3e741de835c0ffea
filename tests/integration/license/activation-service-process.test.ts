/**
 * The activation service as its operators start it (`npm run
 * activation-service -- ...`, here the same main.ts through tsx): it makes
 * its signing key in its data folder (private), seeds its codes from a file,
 * answers its ping, activates over a form POST, and keeps an activation
 * across a restart on the same folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivationAnswer } from '../../../server/shared/api';
import { verifyLicense } from '../../../server/recorder/license/license-key';
import { freePort } from '../helpers/free-port';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const CODE = 'PROCE-SS0AC-TIVAT-ION01';
let folder: string;
let child: ChildProcess | undefined;

async function startService(port: number): Promise<{ output: () => string }> {
  const args = ['server/activation-service/main.ts', '--port', String(port), '--data-dir', path.join(folder, 'service'), '--codes-file', path.join(folder, 'codes.json')];
  // tsx itself (not npx), so SIGTERM reaches the service and nothing is left listening.
  const started = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  child = started;
  let output = '';
  started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
  // Ready when it has printed the key file (it listens before printing).
  await Promise.race([
    new Promise<void>((resolve) => started.stdout?.on('data', () => output.includes('--license-issuer-key') && resolve())),
    exited.then(() => {
      throw new Error(`the activation service exited: ${output}`);
    }),
  ]);
  return { output: () => output };
}

async function stopService(): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

function activate(port: number, machineId: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ activation_code: CODE, machine_id: machineId, headless: '1' }).toString(),
  });
}

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-activation-process-'));
  fs.writeFileSync(path.join(folder, 'codes.json'), JSON.stringify([{ code: CODE, cameras: 4, validDays: 10 }]));
});

afterAll(async () => {
  await stopService();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('activation service process', () => {
  it('starts with its own key and codes, activates, and keeps the activation across a restart', async () => {
    const port = await freePort();
    const first = await startService(port);
    const publicKeyFile = path.join(folder, 'service', 'issuer-public.pem');
    expect(first.output()).toContain(publicKeyFile);
    expect(fs.statSync(path.join(folder, 'service', 'issuer-key.pem')).mode & 0o077).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/ping`)).status).toBe(200);

    const reply = await activate(port, 'machine-process-01');
    expect(reply.status).toBe(200);
    const answer = (await reply.json()) as ActivationAnswer;
    expect(answer.status).toBe('success');
    const key = answer.status === 'success' ? answer.license : '';
    const publicKey = fs.readFileSync(publicKeyFile, 'utf8');
    expect(verifyLicense(key, { issuerPublicKey: publicKey, machineId: 'machine-process-01', nowMs: Date.now() })).toMatchObject({ ok: true, payload: { cameras: 4 } });

    await stopService();
    const port2 = await freePort();
    await startService(port2);
    // Same signing key after the restart, and the code stays bound to the first machine.
    expect(fs.readFileSync(publicKeyFile, 'utf8')).toBe(publicKey);
    const refused = await activate(port2, 'machine-process-02');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ status: 'error', code: 'code-in-use' });
  });
});
