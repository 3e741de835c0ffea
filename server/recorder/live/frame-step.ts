/**
 * Frame stepping while paused (one frame forward or back, frame-accurate):
 * which recorded frame neighbours a time. The frames' presentation times
 * are listed from the segment's packets (ffprobe, no decoding), so the
 * answer is a real frame of the file and its exact time, whatever the
 * camera's frame rate. Pure: times in, the chosen frame's offset out.
 *
 * A time names the frame shown at it: the last frame at or before the time
 * (a client that passes back the X-Frame-Time it got stays on that frame).
 */

/** Packets are listed this far around the time (the listing starts at the keyframe before). */
export const STEP_WINDOW_MS = 2000;

export type StepDirection = -1 | 1;

/**
 * The offset (ms into the segment) of the frame `step` away from the frame
 * at `offsetMs`, among `frameOffsetsMs` (any order), or undefined when the
 * neighbour is not in the list (it is in the segment before or after).
 */
export function neighbourFrame(frameOffsetsMs: readonly number[], offsetMs: number, step: StepDirection): number | undefined {
  const sorted = [...new Set(frameOffsetsMs)].sort((a, b) => a - b);
  // Float listings (0.040000) can land a hair either side of the exact time.
  const at = offsetMs + 0.5;
  let current = -1;
  for (let i = 0; i < sorted.length; i++) if (sorted[i]! <= at) current = i;
  const index = current + step;
  if (current === -1 && step === -1) return undefined;
  return sorted[index];
}

/** Reads ffprobe's `-show_entries packet=pts_time -of csv=p=0` output into ms offsets. */
export function parsePacketTimes(csv: string): number[] {
  return csv
    .split('\n')
    .map((line) => Number.parseFloat(line.split(',')[0] ?? ''))
    .filter((seconds) => Number.isFinite(seconds))
    .map((seconds) => Math.round(seconds * 1000));
}
