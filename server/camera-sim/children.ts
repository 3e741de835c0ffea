/**
 * Bookkeeping of the simulator's ffmpeg children so none outlives the
 * process: on a normal exit every live child is killed synchronously. If the
 * process dies without running exit handlers (SIGKILL), the children still
 * end: their stdin pipes (time strip, GOP to decode) close, ffmpeg sees EOF
 * and stops. Cost: a Set.
 */
import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();
let hooked = false;

export function trackChild(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
}

/** SIGTERM, then SIGKILL if the child has not exited after graceMs. Resolves when it has exited. */
export function stopChild(child: ChildProcess, graceMs = 2000): Promise<void> {
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

export function liveChildCount(): number {
  return live.size;
}
