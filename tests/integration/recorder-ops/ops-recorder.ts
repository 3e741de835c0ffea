/**
 * A real recorder for the export, PTZ and retention tests, started as a user
 * would (`npx tsx server/recorder/main.ts --http-port ... --data-dir ...`) on
 * free ports and a given data folder, plus users of each role. `stop` ends
 * the process group; the folder is the caller's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../helpers/free-port';
import { call, signIn } from '../helpers/recorder-process';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export interface OpsRecorder {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  running: () => boolean;
  stop: () => Promise<void>;
}

export async function startOpsRecorder(dataDir: string, extraArgs: string[] = []): Promise<OpsRecorder> {
  const httpPort = await freePort();
  const rtspPort = await freePort();
  const args = ['tsx', 'server/recorder/main.ts', '--http-port', String(httpPort), '--rtsp-port', String(rtspPort)];
  args.push('--data-dir', dataDir, '--admin-password', 'secret', '--demo-cameras', '0', '--log-level', 'warn', ...extraArgs);
  const child = spawn('npx', args, { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${httpPort}`;

  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // exited between the check and the kill
      }
    }, 10_000);
    await exited;
    clearTimeout(killer);
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`recorder exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/service/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`recorder did not answer ping in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, dataDir, output: () => output, running: () => child.exitCode === null, stop };
}

/** Sign-in tokens of the admin and of a new Manager and Viewer. */
export async function roleTokens(baseUrl: string): Promise<{ admin: string; manager: string; viewer: string }> {
  const admin = await signIn(baseUrl, 'admin', 'secret');
  for (const [username, role] of [['manager', 'Manager'], ['viewer', 'Viewer']] as const) {
    const reply = await call(baseUrl, 'POST', '/service/users', { token: admin, json: { username, password: 'password', role } });
    if (reply.status !== 201) throw new Error(`creating ${username}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return { admin, manager: await signIn(baseUrl, 'manager', 'password'), viewer: await signIn(baseUrl, 'viewer', 'password') };
}
