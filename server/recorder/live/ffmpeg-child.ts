/**
 * One short-lived ffmpeg child for delivery work (a viewer's archive reader,
 * a low-bandwidth decoder, a single frame). Owns the process: keeps the last
 * lines of stderr for error reports, swallows EPIPE on stdin when ffmpeg
 * has already gone, and kills it on stop (SIGKILL: these children write no
 * files, so there is nothing to finalise). Long-lived supervised ffmpeg
 * (ingest) is not this.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

export const FFMPEG_BIN = process.env.ARGUS_FFMPEG ?? 'ffmpeg';
const STDERR_TAIL_CHARS = 2000;

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
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private stderrTail = '';
  private stopRequested = false;
  private done = false;

  constructor(args: string[]) {
    this.child = spawn(FFMPEG_BIN, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    // ffmpeg may exit (or be stopped) while we still write: EPIPE then is expected.
    this.child.stdin.on('error', () => undefined);
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text: string) => {
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_CHARS);
    });
    this.exited = new Promise((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (this.done) return;
        this.done = true;
        resolve({ code, signal, stderr: this.stderrTail.trim(), stopped: this.stopRequested });
      };
      this.child.on('error', (error) => {
        this.stderrTail += `\n${error.message}`;
        finish(null, null);
      });
      this.child.on('close', finish);
    });
  }

  get stdin(): Writable {
    return this.child.stdin;
  }

  get stdout(): Readable {
    return this.child.stdout;
  }

  get running(): boolean {
    return !this.done;
  }

  /** Ends the process now; safe to call more than once. */
  stop(): void {
    if (this.done) return;
    this.stopRequested = true;
    this.child.stdin.destroy();
    this.child.kill('SIGKILL');
  }
}

/** Runs ffmpeg to completion with `input` on stdin; answers stdout (bounded) and the exit. */
export async function runFfmpeg(
  args: string[],
  options: { input?: Buffer[]; maxOutputBytes: number; timeoutMs: number },
): Promise<{ output: Buffer; exit: FfmpegExit }> {
  const child = new FfmpegChild(args);
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
