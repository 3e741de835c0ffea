/**
 * A real recorder for the media-core tests, started as users do (see
 * ../../helpers/recorder-process.ts), signed in as admin, with views of its
 * process group for the crash and shutdown tests: `crash` kills the whole
 * group (recorder and its ffmpeg children); `terminate` sends SIGTERM to the
 * recorder process alone, as a service manager would.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, signIn, startRecorder, type Reply } from '../../helpers/recorder-process';

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
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), TEMP_PREFIX));
  const recorder = await startRecorder({ dataDir, extraArgs: options.extraArgs ?? [] });
  const token = await signIn(recorder.baseUrl, 'admin', recorder.adminPassword);
  const processes = () => groupProcesses(recorder.pid);
  return {
    baseUrl: recorder.baseUrl,
    dataDir,
    token,
    output: recorder.output,
    call: (method, urlPath, json, as = token) =>
      call(recorder.baseUrl, method, urlPath, json === undefined ? { token: as } : { token: as, json }),
    processes,
    ffmpegs: (text) => processes().filter((p) => /(^|\/)ffmpeg\s/.test(p.args) && (text === undefined || p.args.includes(text))),
    terminate: async () => {
      const main = processes().find((p) => p.args.includes('server/recorder/main.ts') && p.args.includes('loader.mjs'));
      if (main) process.kill(main.pid, 'SIGTERM');
      await recorder.exited;
    },
    crash: async () => {
      recorder.signalGroup('SIGKILL');
      await recorder.exited;
    },
    stop: async () => {
      await recorder.stop();
      // Temporary data folders made for these tests are removed with the recorder that used them last.
      if (path.dirname(dataDir) === os.tmpdir() && path.basename(dataDir).startsWith(TEMP_PREFIX)) {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
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
