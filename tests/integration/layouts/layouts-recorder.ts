/**
 * A real recorder for the layouts tests, started directly with tsx (no
 * client build): free ports, a temporary data folder, no demo cameras.
 * Waits for GET /service/ping; `stop` ends the process group and removes
 * the folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/free-port';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export interface LayoutsRecorder {
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function startLayoutsRecorder(): Promise<LayoutsRecorder> {
  const httpPort = await freePort();
  const rtspPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-layouts-'));
  const args = ['tsx', 'server/recorder/main.ts', '--http-port', String(httpPort), '--rtsp-port', String(rtspPort)];
  args.push('--data-dir', dataDir, '--admin-password', 'secret', '--demo-cameras', '0');
  const child = spawn('npx', args, { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
        const killer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // exited meanwhile
          }
        }, 10_000);
        await exited;
        clearTimeout(killer);
      } catch {
        // already gone
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`recorder exited early:\n${output}`);
    }
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
  return { baseUrl, stop };
}
