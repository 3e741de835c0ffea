/**
 * The child registry (server/processes/registry.ts) with real ffmpeg
 * children: every child spawnChild starts is listed with its name, pid and
 * redacted arguments while it runs, and forgotten once it exits, whether it
 * ends by itself, is terminated, or is ended by terminateAllChildren.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { FFMPEG_PATH, FfmpegChild, listChildren, spawnChild, terminate, terminateAllChildren } from '../../../../server/processes';

/** An ffmpeg that runs until stopped (a real-time test source, thrown away). */
const LONG_RUN = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=64x36:rate=5', '-t', '60', '-f', 'null', '-'];

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const pidsOf = () => listChildren().map((c) => c.pid);

afterEach(async () => {
  await terminateAllChildren(500);
});

describe('child registry', () => {
  it('lists a spawned ffmpeg with its name, pid and arguments, and forgets it once terminated', async () => {
    const before = Date.now();
    const { child } = spawnChild({ name: 'test long run', command: FFMPEG_PATH, args: LONG_RUN });
    expect(child.pid).toBeTypeOf('number');
    const entry = listChildren().find((c) => c.pid === child.pid);
    expect(entry).toEqual({ name: 'test long run', command: FFMPEG_PATH, pid: child.pid, args: LONG_RUN, startedAtMs: expect.any(Number) });
    expect(entry!.startedAtMs).toBeGreaterThanOrEqual(before);
    expect(child.exitCode).toBeNull(); // still running while listed

    await terminate(child, 2000);
    expect(pidsOf()).not.toContain(child.pid);
  });

  it('forgets a child that exits by itself', async () => {
    const { child } = spawnChild({
      name: 'test short run',
      command: FFMPEG_PATH,
      args: ['-hide_banner', '-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x36:rate=5', '-t', '0.2', '-f', 'null', '-'],
    });
    expect(pidsOf()).toContain(child.pid);
    await exited(child);
    expect(child.exitCode).toBe(0);
    expect(pidsOf()).not.toContain(child.pid);
  });

  it('shows arguments without URL userinfo or relay lease ids', () => {
    const secret = 'rtsp://admin:Camera-Pa55@127.0.0.1:5540/relay/AbCdEf0123456789_-/cam1/main';
    const { child } = spawnChild({ name: 'test redaction', command: FFMPEG_PATH, args: [...LONG_RUN.slice(0, -3), '-metadata', `comment=${secret}`, '-f', 'null', '-'] });
    const shown = listChildren().find((c) => c.pid === child.pid)!.args.join(' ');
    expect(shown).not.toContain('Camera-Pa55');
    expect(shown).not.toContain('admin:');
    expect(shown).not.toContain('AbCdEf0123456789_-');
    expect(shown).toContain('comment=rtsp://***@127.0.0.1:5540/relay/***/cam1/main');
  });

  it('lists an FfmpegChild by its name until it is stopped', async () => {
    const ffmpeg = new FfmpegChild('test ffmpeg child', LONG_RUN);
    expect(listChildren().filter((c) => c.name === 'test ffmpeg child')).toHaveLength(1);
    ffmpeg.stop();
    const exit = await ffmpeg.exited;
    expect(exit.stopped).toBe(true);
    expect(listChildren().filter((c) => c.name === 'test ffmpeg child')).toEqual([]);
  });

  it('does not list a child that could not be started', async () => {
    const { child } = spawnChild({ name: 'test missing binary', command: '/nonexistent/ffmpeg', args: [] });
    const failed = new Promise<Error>((resolve) => child.once('error', resolve));
    expect(listChildren().filter((c) => c.name === 'test missing binary')).toEqual([]);
    expect((await failed).message).toMatch(/ENOENT/);
  });

  it('terminateAllChildren ends every registered child and answers how many', async () => {
    const children = [1, 2, 3].map((n) => spawnChild({ name: `test many ${n}`, command: FFMPEG_PATH, args: LONG_RUN }).child);
    expect(pidsOf()).toEqual(expect.arrayContaining(children.map((c) => c.pid)));
    expect(await terminateAllChildren(2000)).toBe(3);
    for (const child of children) expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
    expect(listChildren()).toEqual([]);
  });
});
