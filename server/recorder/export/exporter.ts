/**
 * Runs one export: probes the cut points of the first and last segment with
 * ffprobe (keyframes and start time, a few ms per minute of video), then
 * starts ffmpeg with the concat list on stdin and hands back its stdout once
 * the first bytes are there, so a failure to start is still an ordinary error reply and
 * not a broken download. Destroying the returned stream (the client went
 * away) kills ffmpeg at once.
 *
 * Cost: stream copy, bounded by disk reads (an hour of 2 Mbit/s video is
 * ~900 MB and copies in seconds; see bench/export.bench.ts). Limits: the
 * output has no index (Matroska without cues, fragmented MOV): players read
 * it from the start; seeking works in mainstream players but is slower.
 */
import type { Readable } from 'node:stream';
import type { ExportFormat } from '../../shared/api';
import { FFPROBE_PATH, FfmpegChild, spawnChild, type FfmpegExit } from '../../processes';
import { assertInsideFolder, concatListText, exportArgs, keyframeProbeArgs, parseKeyframeProbe, startTimeProbeArgs } from './export-args';
import { concatEntries, declaredDurationS, exportedStartMs, type ExportPiece, type SegmentTiming } from './export-plan';

const PROBE_TIMEOUT_MS = 15_000;
const FIRST_BYTES_TIMEOUT_MS = 30_000;
const PROBE_MAX_BYTES = 32 * 1024 * 1024;

export class ExportFailedError extends Error {}

export interface RunningExport {
  output: Readable;
  /** Wall-clock ms of the first exported frame (the keyframe at or before the requested start). */
  firstFrameMs: number;
  exited: Promise<FfmpegExit>;
  stop(): void;
}

/** One ffprobe's output; a file still being written may end mid-packet, which ffprobe reports and we ignore. */
function runProbe(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { child, stderrTail } = spawnChild({ name: 'export probe', command: FFPROBE_PATH, args });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PROBE_MAX_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', () => {
      clearTimeout(timer);
      // A cut-off answer is not JSON: probeSegment reports it as unreadable.
      resolve({ stdout: Buffer.concat(chunks).toString('utf8'), stderr: stderrTail() });
    });
  });
}

/** Start time and keyframes of a file: two ffprobes side by side (see keyframeProbeArgs for why not one). */
export async function probeSegment(file: string): Promise<SegmentTiming> {
  const [keyframes, start] = await Promise.all([runProbe(keyframeProbeArgs(file)), runProbe(startTimeProbeArgs(file))]);
  try {
    return parseKeyframeProbe(keyframes.stdout, start.stdout);
  } catch {
    throw new ExportFailedError(`could not read ${file}: ${`${keyframes.stderr} ${start.stderr}`.trim()}`);
  }
}

export async function startExport(options: {
  pieces: readonly ExportPiece[];
  format: ExportFormat;
  archiveRoot: string;
  probe?: (file: string) => Promise<SegmentTiming>;
}): Promise<RunningExport> {
  const { pieces, format, archiveRoot } = options;
  const probe = options.probe ?? probeSegment;
  if (pieces.length === 0) throw new ExportFailedError('nothing to export');
  for (const piece of pieces) assertInsideFolder(piece.segment.path, archiveRoot);

  const last = pieces.length - 1;
  const timings = new Map<number, SegmentTiming>();
  const needed = new Set<number>();
  if (pieces[0]!.fromMs > 0) needed.add(0);
  if (pieces[last]!.toMs !== undefined) needed.add(last);
  await Promise.all([...needed].map(async (i) => timings.set(i, await probe(pieces[i]!.segment.path))));
  const entries = concatEntries(pieces, (_piece, i) => timings.get(i));
  const firstFrameMs = exportedStartMs(pieces[0]!, entries[0]!, timings.get(0));

  const durationS = declaredDurationS(pieces, entries, (i) => timings.get(i));
  const child = new FfmpegChild('export', exportArgs(format, { durationS }));
  child.stdin.end(concatListText(entries));
  const output = child.stdout;
  output.once('close', () => child.stop());

  const ready = await Promise.race([
    new Promise<'data'>((resolve) => output.once('readable', () => resolve('data'))),
    child.exited.then(() => 'exit' as const),
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), FIRST_BYTES_TIMEOUT_MS).unref()),
  ]);
  if (output.readableLength === 0) {
    // 'readable' also fires at the end of an empty stream: no bytes means ffmpeg produced nothing.
    child.stop();
    const exit = await child.exited;
    throw new ExportFailedError(`ffmpeg produced no output (${ready}): ${exit.stderr}`);
  }
  return { output, firstFrameMs, exited: child.exited, stop: () => child.stop() };
}
