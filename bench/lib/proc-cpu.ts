/**
 * CPU time of processes from Linux /proc, for benchmarks that measure what
 * a process tree costs: a process's user + system time, its descendants
 * (found by scanning every /proc/<pid>/stat for its parent), its command
 * line, and the whole machine's busy time from /proc/stat.
 *
 * Why /proc and not `ps`: exact clock ticks over a chosen window instead of
 * ps's lifetime average, and no child process per sample.
 *
 * Limits: Linux only; a process that ends between two snapshots has no
 * figure for that window (the caller sees it missing from one of them).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, clock ticks. */
  cpuTicks: number;
  /** cutime + cstime: what its children that ended and were waited for used, clock ticks. */
  reapedChildTicks: number;
}

/** Clock ticks per second of /proc times (USER_HZ; 100 almost everywhere). */
export function clockTicksPerSecond(): number {
  try {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(value) && value > 0 ? value : 100;
  } catch {
    return 100; // getconf missing: Linux's usual USER_HZ
  }
}

/** A process's parent and CPU time; undefined when it is gone. */
export function readProcStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // ended
  }
  return parseProcStat(pid, text);
}

/** Parses a /proc/<pid>/stat line: parent (field 4), utime + stime (fields 14 and 15), cutime + cstime (16 and 17). */
export function parseProcStat(pid: number, text: string): ProcStat {
  // The command name is in parentheses and may itself contain spaces or ')': fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]), reapedChildTicks: Number(fields[13]) + Number(fields[14]) };
}

/** The process's arguments ('' when it is gone). */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return ''; // ended
  }
}

function everyProcess(): ProcStat[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readProcStat(Number(name)) ?? []);
}

function below(rootPid: number, byParent: Map<number, ProcStat[]>): ProcStat[] {
  const found: ProcStat[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of byParent.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

function byParentOf(all: ProcStat[]): Map<number, ProcStat[]> {
  const byParent = new Map<number, ProcStat[]>();
  for (const stat of all) byParent.set(stat.ppid, [...(byParent.get(stat.ppid) ?? []), stat]);
  return byParent;
}

/** Every process below `rootPid` (children, their children, ...), not the root itself. */
export function descendants(rootPid: number): ProcStat[] {
  return below(rootPid, byParentOf(everyProcess()));
}

/**
 * Everything the process trees under `rootPids` have used so far, clock
 * ticks: each live process's own time and what its ended children used
 * (a child's time moves into its parent's cutime when it is waited for, so
 * short-lived children, such as a process started and ended between two
 * snapshots, are counted too). One scan of /proc for all the roots.
 */
export function treeTicks(rootPids: readonly number[]): number {
  const all = everyProcess();
  const byPid = new Map(all.map((stat) => [stat.pid, stat]));
  const byParent = byParentOf(all);
  let ticks = 0;
  for (const root of rootPids) {
    for (const stat of [...(byPid.has(root) ? [byPid.get(root)!] : []), ...below(root, byParent)]) ticks += stat.cpuTicks + stat.reapedChildTicks;
  }
  return ticks;
}

/** Busy and total ticks of all CPUs together (first line of /proc/stat). */
export function machineTicks(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number); // user .. steal (guest time is already in user)
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}
