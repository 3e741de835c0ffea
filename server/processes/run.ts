/**
 * Running a short-lived program to completion (ffprobe of a camera or a
 * segment, a remux): stdout and stderr collected from their start with a
 * size cap (the callers parse all of it, not a tail), and a hard time
 * limit after which the child is SIGKILLed. Spawned through spawn.ts, so
 * it is listed in the registry while it runs.
 */
import { spawnChild } from './spawn';

const MAX_CAPTURE_BYTES = 1024 * 1024;

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface RunOptions {
  /** What the child is for, as the registry lists it. */
  name: string;
  command: string;
  args: readonly string[];
  timeoutMs: number;
  /** Hears the child's pid right after spawn (the credential relay binds a lease to it). */
  onSpawn?: (pid: number) => void;
}

/** Runs a program to completion (or until `timeoutMs`, then SIGKILL) and answers its output. */
export function runToCompletion(options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const { child } = spawnChild({ name: options.name, command: options.command, args: options.args });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_CAPTURE_BYTES) stdout += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_CAPTURE_BYTES) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
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
