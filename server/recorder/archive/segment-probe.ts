/**
 * How much video a segment file really holds (the time of its last packet),
 * for recovery after a crash and for adopting files found on disk: a
 * Matroska file cut by kill -9 has no duration in its header.
 *
 * Cost: one short-lived ffprobe that reads the packet index of one file
 * (~1500 packets a minute at 25 fps), about 0.1 s.
 */
import { FFPROBE_PATH, runToCompletion } from '../../processes';

/**
 * Seconds from the start of a segment file to the end of its last video
 * packet; undefined when ffprobe read the file and found none (an unreadable
 * header counts as none). Rejects when ffprobe could not run or ran out of
 * time, so a caller never mistakes a slow machine for an empty file.
 */
export async function probeSegmentSeconds(file: string, timeoutMs = 20_000): Promise<number | undefined> {
  const result = await runToCompletion({
    name: 'segment probe',
    command: FFPROBE_PATH,
    args: ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    timeoutMs,
  });
  if (result.timedOut) throw new Error(`ffprobe of ${file} took longer than ${timeoutMs} ms`);
  let endS: number | undefined;
  for (const line of result.stdout.split('\n')) {
    // Number('') is 0: an empty line (all ffprobe prints for a file cut inside its header) is no packet at 0 s.
    const [ptsText, durationText] = line.trim().split(',');
    if (!ptsText) continue;
    const pts = Number(ptsText);
    const duration = durationText ? Number(durationText) : undefined;
    if (!Number.isFinite(pts)) continue;
    const end = pts + (duration !== undefined && Number.isFinite(duration) ? duration : 0);
    if (endS === undefined || end > endS) endS = end;
  }
  return endS;
}
