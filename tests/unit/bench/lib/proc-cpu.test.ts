import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { descendants, parseProcStat, readProcStat, treeTicks } from '../../../../bench/lib/proc-cpu';

describe('/proc CPU figures', () => {
  it('reads parent and user + system ticks after the command name, even one with spaces and parentheses', () => {
    const line = '4242 (ffmpeg (x) y) S 4200 4200 4200 0 -1 4194304 100 0 0 0 1234 567 89 10 20 0 1 0 99 1000 50 18446744073709551615';
    expect(parseProcStat(4242, line)).toEqual({ pid: 4242, ppid: 4200, cpuTicks: 1234 + 567, reapedChildTicks: 89 + 10 });
  });

  it('finds this process and its parent on a live system', () => {
    const self = readProcStat(process.pid);
    expect(self?.ppid).toBe(process.ppid);
    expect(descendants(process.ppid).map((p) => p.pid)).toContain(process.pid);
    expect(readProcStat(2 ** 30)).toBeUndefined();
  });

  it("counts a tree's ended children: a child that burnt CPU and was waited for adds to the tree's ticks", () => {
    const before = treeTicks([process.pid]);
    // 300 ms of the child's own CPU time (not wall time, so a loaded machine changes nothing); it has ended by the second snapshot.
    spawnSync(process.execPath, ['-e', 'for (;;) { const u = process.cpuUsage(); if (u.user + u.system >= 300_000) break; }']);
    expect(treeTicks([process.pid]) - before).toBeGreaterThanOrEqual(25);
  });
});
