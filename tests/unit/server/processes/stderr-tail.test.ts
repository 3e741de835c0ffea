/**
 * The stderr tail spawnChild keeps (server/processes/spawn.ts), with real
 * ffmpeg: it holds the end of what the child wrote, no more than the bound,
 * and still has the error line a failed ffmpeg ends with.
 */
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FFMPEG_PATH, spawnChild, STDERR_TAIL_CHARS } from '../../../../server/processes';

function closed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => child.once('close', () => resolve()));
}

describe('stderr tail', () => {
  it('keeps the last characters of a chatty child, bounded', async () => {
    // Verbose logging of a one-second encode writes several kilobytes on stderr.
    const { child, stderrTail } = spawnChild({
      name: 'test chatty',
      command: FFMPEG_PATH,
      args: ['-nostdin', '-loglevel', 'verbose', '-f', 'lavfi', '-i', 'testsrc2=size=64x36:rate=25', '-t', '1', '-f', 'null', '-'],
      stderrTailChars: 300,
    });
    let everything = '';
    child.stderr!.on('data', (chunk: Buffer) => (everything += chunk.toString()));
    await closed(child);
    expect(everything.length).toBeGreaterThan(2_000);
    expect(stderrTail()).toHaveLength(300);
    expect(stderrTail()).toBe(everything.slice(-300));
  });

  it('keeps STDERR_TAIL_CHARS by default, ending with the error a failed ffmpeg reports', async () => {
    const { child, stderrTail } = spawnChild({
      name: 'test failing',
      command: FFMPEG_PATH,
      args: ['-nostdin', '-loglevel', 'verbose', '-f', 'lavfi', '-i', 'testsrc2=size=64x36:rate=25', '-t', '0.5', '-f', 'null', '-', '-i', '/nonexistent/argus-input.mkv'],
    });
    let everything = '';
    child.stderr!.on('data', (chunk: Buffer) => (everything += chunk.toString()));
    await closed(child);
    expect(child.exitCode).not.toBe(0);
    expect(everything.length).toBeGreaterThan(STDERR_TAIL_CHARS);
    expect(stderrTail()).toHaveLength(STDERR_TAIL_CHARS);
    expect(stderrTail()).toMatch(/argus-input\.mkv: No such file or directory/);
  });

  it('decodes a character split across two chunks whole', async () => {
    // A shell (in this test only) writes the two bytes of 'é' apart, so they arrive in separate chunks.
    const { child, stderrTail } = spawnChild({ name: 'test utf8', command: 'sh', args: ['-c', "printf 'caf\\303' >&2; sleep 0.2; printf '\\251!' >&2"] });
    await closed(child);
    expect(stderrTail()).toBe('café!');
  });
});
