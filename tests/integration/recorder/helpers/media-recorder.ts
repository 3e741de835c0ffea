/**
 * A real recorder for the media-core tests, started exactly as a user would
 * (`npx tsx server/recorder/main.ts --http-port P --rtsp-port Q --data-dir
 * <tmp> --admin-password secret --demo-cameras 0`) on free ports, signed in
 * as admin once ping answers. It runs in its own process group: `kill` ends
 * the whole group (recorder and its ffmpeg children); `terminate` sends
 * SIGTERM to the recorder process alone, as a service manager would.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/free-port';
import { call, signIn, type Reply } from '../../helpers/recorder-process';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const TEMP_PREFIX = 'argus-media-';

export interface GroupProcess {
  pid: number;
  ppid: number;
  args: string;
}

export interface MediaRecorder {
  baseUrl: string;
  dataDir: string;
  token: string;
  output: () => string;
  call: <T = unknown>(method: string, urlPath: string, json?: unknown, token?: string) => Promise<Reply<T>>;
  /** Every process of the recorder's group (npx, node, ffmpeg children). */
  processes: () => GroupProcess[];
  /** ffmpeg processes of the group, optionally only those whose arguments contain `text`. */
  ffmpegs: (text?: string) => GroupProcess[];
  /** SIGTERM to the recorder's node process only; resolves when the group leader has exited. */
  terminate: () => Promise<void>;
  /** SIGKILL to the whole group (a crash of everything). */
  crash: () => Promise<void>;
  /** Ends the group (SIGTERM, then SIGKILL after 10 s) and removes a temporary data folder. */
  stop: () => Promise<void>;
}

export function groupProcesses(pgid: number): GroupProcess[] {
  let text: string;
  try {
    text = execFileSync('ps', ['-eo', 'pid=,pgid=,ppid=,args='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[2]) === pgid)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[3]), args: m[4]! }));
}

export async function startMediaRecorder(options: { dataDir?: string; extraArgs?: string[] } = {}): Promise<MediaRecorder> {
  const httpPort = await freePort();
  const rtspPort = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), TEMP_PREFIX));
  const args = ['tsx', 'server/recorder/main.ts', '--http-port', String(httpPort), '--rtsp-port', String(rtspPort)];
  args.push('--data-dir', dataDir, '--admin-password', 'secret', '--demo-cameras', '0', ...(options.extraArgs ?? []));
  const child = spawn('npx', args, { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pgid = child.pid!;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pgid, sig);
    } catch {
      // the group is already gone
    }
  };
  const stop = async () => {
    if (child.exitCode === null) {
      signal('SIGTERM');
      const killer = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    // Anything left in the group (there should be nothing) goes too.
    signal('SIGKILL');
    // Temporary data folders made for these tests are removed with the recorder that used them last.
    if (path.dirname(dataDir) === os.tmpdir() && path.basename(dataDir).startsWith(TEMP_PREFIX)) {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
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
  const token = await signIn(baseUrl, 'admin', 'secret');
  const processes = () => groupProcesses(pgid);
  return {
    baseUrl,
    dataDir,
    token,
    output: () => output,
    call: (method, urlPath, json, as = token) => call(baseUrl, method, urlPath, json === undefined ? { token: as } : { token: as, json }),
    processes,
    ffmpegs: (text) => processes().filter((p) => /(^|\/)ffmpeg\s/.test(p.args) && (text === undefined || p.args.includes(text))),
    terminate: async () => {
      const main = processes().find((p) => p.args.includes('server/recorder/main.ts') && p.args.includes('loader.mjs'));
      if (main) process.kill(main.pid, 'SIGTERM');
      await exited;
    },
    crash: async () => {
      signal('SIGKILL');
      await exited;
    },
    stop,
  };
}

/** Polls `probe` until it answers something other than undefined (or throws after `timeoutMs`). */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
