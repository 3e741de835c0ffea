/**
 * The registry of every child process this process started through
 * spawn.ts: what it is for, its pid and its arguments (URLs redacted, so a
 * listing never shows a camera's userinfo or a relay lease id), from spawn
 * until it exits. Shutdown ends what is left (`terminateAllChildren`),
 * diagnostics and tests list them (`listChildren`). If this process exits
 * normally while children run, they are SIGKILLed synchronously in the
 * 'exit' hook; a SIGKILLed parent's children end on their own when their
 * pipes close.
 *
 * Cost: one map entry per running child.
 */
import type { ChildProcess } from 'node:child_process';
import { redactText } from '../protocols/uri-redaction';
import { terminate } from './terminate';

export interface ChildInfo {
  /** What the child is for, e.g. 'ingest cam-1/main', 'export', 'camera-sim encoder'. */
  name: string;
  /** The binary, as given to spawn. */
  command: string;
  pid: number;
  /** Its arguments with every URL's userinfo and relay lease id removed. */
  args: readonly string[];
  startedAtMs: number;
}

const running = new Map<ChildProcess, ChildInfo>();
let exitHooked = false;

/** Enters a started child (one with a pid) until it exits. */
export function registerChild(child: ChildProcess, entry: { name: string; command: string; args: readonly string[] }): void {
  if (child.pid === undefined) return; // spawn failed: there is no process to list or stop
  running.set(child, {
    name: entry.name,
    command: entry.command,
    pid: child.pid,
    args: entry.args.map(redactText),
    startedAtMs: Date.now(),
  });
  child.once('exit', () => running.delete(child));
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const c of running.keys()) c.kill('SIGKILL');
    });
  }
}

/** The children running now, oldest first. */
export function listChildren(): ChildInfo[] {
  return [...running.values()].map((info) => ({ ...info }));
}

/** Ends every registered child (SIGTERM, SIGKILL after `graceMs`); answers how many there were. */
export async function terminateAllChildren(graceMs = 2000): Promise<number> {
  const children = [...running.keys()];
  await Promise.all(children.map((child) => terminate(child, graceMs)));
  return children.length;
}
