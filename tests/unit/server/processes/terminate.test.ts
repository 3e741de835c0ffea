/**
 * terminate (server/processes/terminate.ts) with real processes: ffmpeg
 * gets SIGTERM and ends within the grace time on its own (so it can close
 * its files); a child that ignores SIGTERM is SIGKILLed once the grace time
 * is over. The SIGTERM-ignoring child is a shell, here only: production
 * code never starts one.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { FFMPEG_PATH, listChildren, spawnChild, terminate, terminateAllChildren } from '../../../../server/processes';

function firstOutput(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString())));
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

afterEach(async () => {
  await terminateAllChildren(200);
});

describe('terminate', () => {
  it('escalates to SIGKILL after the grace time when the child ignores SIGTERM', async () => {
    // `exec` keeps the ignored SIGTERM and makes sleep the process terminate signals; 'ready' says the trap is set.
    const { child } = spawnChild({ name: 'test ignores TERM', command: 'sh', args: ['-c', 'trap "" TERM; echo ready; exec sleep 30'] });
    expect(await firstOutput(child)).toBe('ready\n');
    const exit = exitOf(child);
    const graceMs = 400;
    const startMs = Date.now();
    await terminate(child, graceMs);
    const tookMs = Date.now() - startMs;
    expect(await exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(tookMs).toBeGreaterThanOrEqual(graceMs - 20);
    expect(tookMs).toBeLessThan(graceMs + 2000);
    expect(listChildren().map((c) => c.pid)).not.toContain(child.pid);
  });

  it('lets ffmpeg end on SIGTERM within the grace time, without SIGKILL', async () => {
    const { child } = spawnChild({
      name: 'test ffmpeg TERM',
      command: FFMPEG_PATH,
      args: ['-hide_banner', '-nostdin', '-loglevel', 'info', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=64x36:rate=5', '-t', '60', '-f', 'null', '-'],
      stdout: 'ignore',
    });
    // Once ffmpeg prints its output description it is running and has its signal handlers in place.
    await new Promise<void>((resolve) => child.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes('Output #0') && resolve()));
    const exit = exitOf(child);
    const startMs = Date.now();
    await terminate(child, 10_000);
    expect(Date.now() - startMs).toBeLessThan(5_000);
    expect((await exit).signal).not.toBe('SIGKILL');
  });

  it('resolves at once for a child that has already exited', async () => {
    const { child } = spawnChild({ name: 'test done', command: FFMPEG_PATH, args: ['-hide_banner', '-version'] });
    await exitOf(child);
    const startMs = Date.now();
    await terminate(child, 5_000);
    expect(Date.now() - startMs).toBeLessThan(100);
  });
});
