/**
 * The one place a child process is started, for the recorder and the
 * camera simulator alike. Always an argument array and never a shell, so
 * nothing in a path or URI is ever interpreted; camera passwords are never
 * among the arguments either (the recorder's credential relay carries them).
 * Every child is entered in the registry (registry.ts) until it exits, and
 * its stderr is always read, keeping a bounded tail for logs and failure
 * texts (reading it also keeps a chatty ffmpeg from blocking on a full pipe).
 *
 * The caller owns the rest of the child's life: its 'error' and 'exit'
 * events, its pipes, and stopping it (terminate.ts or a plain kill).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { registerChild } from './registry';

export const STDERR_TAIL_CHARS = 2000;

export interface SpawnOptions {
  /** What the child is for, as listings show it: 'ingest cam-1/main', 'export', 'camera-sim encoder'. */
  name: string;
  /** The binary: FFMPEG_PATH or FFPROBE_PATH (paths.ts). */
  command: string;
  args: readonly string[];
  /** Default 'ignore': most children read files or the network, not stdin. */
  stdin?: 'pipe' | 'ignore';
  /** Default 'pipe'. */
  stdout?: 'pipe' | 'ignore';
  /** Pipes on fd 3, 4, ... (ffmpeg writes extra outputs or reads extra inputs there with pipe:N). */
  extraPipes?: number;
  /** How much of the end of stderr to keep; default STDERR_TAIL_CHARS. */
  stderrTailChars?: number;
}

export interface SpawnedChild {
  readonly child: ChildProcess;
  /** The last `stderrTailChars` characters the child wrote on stderr so far. */
  stderrTail(): string;
}

export function spawnChild(options: SpawnOptions): SpawnedChild {
  const stdio: Array<'pipe' | 'ignore'> = [options.stdin ?? 'ignore', options.stdout ?? 'pipe', 'pipe'];
  for (let i = 0; i < (options.extraPipes ?? 0); i++) stdio.push('pipe');
  const child = spawn(options.command, options.args, { stdio, shell: false });
  registerChild(child, options);

  const maxChars = options.stderrTailChars ?? STDERR_TAIL_CHARS;
  const decoder = new StringDecoder('utf8');
  let tail = '';
  // A caller may set an encoding on stderr for its own listener; then chunks arrive as strings here too.
  child.stderr?.on('data', (chunk: Buffer | string) => {
    tail = (tail + (typeof chunk === 'string' ? chunk : decoder.write(chunk))).slice(-maxChars);
  });
  return { child, stderrTail: () => tail };
}
