/**
 * Readers of what the ingest ffmpeg writes besides video: the stderr lines
 * that say a segment file was opened, the segment list (CSV: file, start,
 * end in output seconds, one line as each segment closes) and the
 * `-progress` key=value blocks (out_time_us of the newest packet). Pure and
 * incremental: feed text as it arrives (protocols/line-splitter.ts), get
 * whole records out.
 */

/** The file of "[segment @ 0x...] Opening '<file>' for writing", or undefined for any other line. */
export function openedSegmentFile(line: string): string | undefined {
  const match = /^\[segment @ [^\]]+\] Opening '(.+)' for writing$/.exec(line.trim());
  if (!match) return undefined;
  const file = match[1]!;
  return file.startsWith('pipe:') ? undefined : file;
}

export interface SegmentListEntry {
  file: string;
  startS: number;
  endS: number;
}

/** One CSV line of `-segment_list_type csv`: file,start,end (the file name is quoted when it holds a comma). */
export function parseSegmentListLine(line: string): SegmentListEntry | undefined {
  const match = /^("(?:[^"]|"")*"|[^,]*),(-?[\d.]+),(-?[\d.]+)$/.exec(line.trim());
  if (!match) return undefined;
  const rawFile = match[1]!;
  const file = rawFile.startsWith('"') ? rawFile.slice(1, -1).replace(/""/g, '"') : rawFile;
  const startS = Number(match[2]);
  const endS = Number(match[3]);
  if (!file || !Number.isFinite(startS) || !Number.isFinite(endS)) return undefined;
  return { file, startS, endS };
}

/** The seconds of an `out_time_us=` progress line, undefined for other lines or N/A. */
export function progressOutTimeS(line: string): number | undefined {
  const match = /^out_time_us=(-?\d+)$/.exec(line.trim());
  if (!match) return undefined;
  const us = Number(match[1]);
  return Number.isFinite(us) && us >= 0 ? us / 1_000_000 : undefined;
}
