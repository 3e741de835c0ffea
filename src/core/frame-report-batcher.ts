/**
 * Counts the frames of one thread and reports them to a frame-rate monitor
 * running on another (spec 4 "Framerate level"): the page's main thread
 * counts its own animation frames, because a slow page is a slow main
 * thread, while the monitor samples on a worker whose timer keeps time
 * when the main thread is blocked. Frames go over in batches of at least
 * `batchMs` so the thread pays about ten messages a second, not one a
 * frame; the monitor averages over 1000 ms, so a batch arriving up to
 * `batchMs` late moves frames between neighbouring samples, not out of the
 * window. A frame that never comes (a blocked thread) is never reported,
 * which is what makes the average fall.
 */
import type { FrameFeed } from '../../workers/core/frame-rate-monitor';

export const FRAME_REPORT_BATCH_MS = 100;

/** Starts counting `feed`'s frames; answers a stop function. Frames counted since the last report are dropped on stop. */
export function reportFramesInBatches(
  feed: FrameFeed,
  report: (count: number) => void,
  now: () => number,
  batchMs = FRAME_REPORT_BATCH_MS,
): () => void {
  let count = 0;
  let sinceMs = now();
  return feed(() => {
    count++;
    const nowMs = now();
    if (nowMs - sinceMs < batchMs) return;
    report(count);
    count = 0;
    sinceMs = nowMs;
  });
}
