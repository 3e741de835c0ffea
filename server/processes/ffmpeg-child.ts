/**
 * One short-lived ffmpeg child fed on stdin and read on stdout, for the
 * recorder's delivery work (a viewer's archive reader, a low-bandwidth
 * decoder, a single frame, an export, a motion decoder). Owns the process:
 * reports the last lines of stderr with the exit, swallows EPIPE on stdin
 * when ffmpeg has already gone, and kills it on stop (SIGKILL: these
 * children write no files, so there is nothing to finalise). Long-lived
 * supervised ffmpeg (ingest) is not this. Started through spawn.ts, so the
 * registry lists it while it runs.
 */
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { FFMPEG_PATH } from './paths';
import { spawnChild } from './spawn';

export interface FfmpegExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what ffmpeg printed on stderr, for logs and failure descriptions. */
  stderr: string;
  /** True when stop() ended it. */
  stopped: boolean;
}

export class FfmpegChild {
  readonly exited: Promise<FfmpegExit>;
  private readonly child: ChildProcess;
  private stopRequested = false;
  private done = false;

  /** `name` says what the child is for in the registry's listing. */
  constructor(name: string, args: string[]) {
    const spawned = spawnChild({ name, command: FFMPEG_PATH, args, stdin: 'pipe' });
    this.child = spawned.child;
    // ffmpeg may exit (or be stopped) while we still write: EPIPE then is expected.
    this.child.stdin!.on('error', () => undefined);
    let spawnError = '';
    this.exited = new Promise((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (this.done) return;
        this.done = true;
        resolve({ code, signal, stderr: (spawned.stderrTail() + spawnError).trim(), stopped: this.stopRequested });
      };
      this.child.on('error', (error) => {
        spawnError = `\n${error.message}`;
        finish(null, null);
      });
      this.child.on('close', finish);
    });
  }

  get stdin(): Writable {
    return this.child.stdin!;
  }

  get stdout(): Readable {
    return this.child.stdout!;
  }

  get running(): boolean {
    return !this.done;
  }

  /** Ends the process now; safe to call more than once. */
  stop(): void {
    if (this.done) return;
    this.stopRequested = true;
    this.child.stdin!.destroy();
    this.child.kill('SIGKILL');
  }
}

/** Runs ffmpeg to completion with `input` on stdin; answers stdout (bounded) and the exit. */
export async function runFfmpeg(
  name: string,
  args: string[],
  options: { input?: Buffer[]; maxOutputBytes: number; timeoutMs: number },
): Promise<{ output: Buffer; exit: FfmpegExit }> {
  const child = new FfmpegChild(name, args);
  const chunks: Buffer[] = [];
  let size = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > options.maxOutputBytes) child.stop();
    else chunks.push(chunk);
  });
  const timer = setTimeout(() => child.stop(), options.timeoutMs);
  try {
    for (const part of options.input ?? []) {
      if (!child.running) break;
      if (!child.stdin.write(part)) await new Promise<void>((resolve) => {
        child.stdin.once('drain', resolve);
        void child.exited.then(() => resolve());
      });
    }
    child.stdin.end();
    const exit = await child.exited;
    return { output: Buffer.concat(chunks), exit };
  } finally {
    clearTimeout(timer);
  }
}
