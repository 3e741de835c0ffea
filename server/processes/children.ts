/**
 * Child processes (ffmpeg, ffprobe) for the recorder and the camera
 * simulator alike: the binary paths, read once; running a program to
 * completion with an argument array (no shell, so nothing in a URI is ever
 * interpreted), output collected with a size cap and a hard time limit;
 * termination that escalates from SIGTERM to SIGKILL; and a registry of the
 * children a process tracks, killed synchronously if it exits normally (a
 * SIGKILLed parent's children end on their own when their pipes close).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export const FFMPEG_PATH = process.env.ARGUS_FFMPEG ?? 'ffmpeg';
export const FFPROBE_PATH = process.env.ARGUS_FFPROBE ?? 'ffprobe';
const MAX_CAPTURE_BYTES = 1024 * 1024;

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs a program to completion (or until `timeoutMs`, then SIGKILL) and answers its output; `onSpawn` hears its pid. */
export function runToCompletion(
  command: string,
  args: readonly string[],
  timeoutMs: number,
  onSpawn?: (pid: number) => void,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    if (child.pid !== undefined) onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_CAPTURE_BYTES) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_CAPTURE_BYTES) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** Asks a child to stop (SIGTERM, so ffmpeg finishes its files), then kills it after `graceMs`. Resolves when it is gone. */
export function terminate(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const tracked = new Set<ChildProcess>();
let exitHooked = false;

/** Keeps a child in the registry until it exits; every tracked child is killed when this process exits normally. */
export function trackChild(child: ChildProcess): void {
  tracked.add(child);
  child.once('exit', () => tracked.delete(child));
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const c of tracked) c.kill('SIGKILL');
    });
  }
}

/** How many tracked children are running (tests check that none is left behind). */
export function trackedChildCount(): number {
  return tracked.size;
}
