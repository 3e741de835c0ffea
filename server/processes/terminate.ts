/**
 * Stopping a child the way ffmpeg needs: SIGTERM first, so an ffmpeg that
 * writes files (ingest segments, a remux) finishes and closes them, then
 * SIGKILL after a grace time for one that does not end (hung on a network
 * read, or ignoring SIGTERM). Resolves only when the process is gone, so a
 * caller that awaits it knows the files are closed and the pid is free.
 */
import type { ChildProcess } from 'node:child_process';

/** Asks a child to stop (SIGTERM), then kills it after `graceMs`. Resolves when it is gone. */
export function terminate(child: ChildProcess, graceMs = 2000): Promise<void> {
  // A child that never started (no pid) will emit no 'exit' to wait for.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
