/**
 * Maps ffmpeg's output timeline (seconds from the first packet, the camera's
 * own frame timing) to wall-clock epoch ms.
 *
 * Why: the wall time of a frame is what the archive index must hold, but a
 * camera's timestamps are its own, and the first packets of a session may be
 * old frames delivered in a burst (a camera or relay that replays its last
 * GOP) or delayed by probing. Each progress report pairs "newest packet time
 * t" with "now"; now - t is the anchor plus that packet's delivery delay.
 * The smallest value over a recent window is the best estimate of the
 * anchor: burst frames and network delay only ever make it larger.
 *
 * Cost: O(window) per sample (a few dozen numbers).
 *
 * Held: the anchor handed out (`wallMs`) moves only when the estimate has
 * moved by more than ANCHOR_HOLD_MS. The estimate wobbles by a few ms each
 * time the window slides past its smallest sample; the archive index takes
 * a segment's end and the next one's start from the anchor at different
 * moments, so a wobble between them put neighbouring frames across a
 * segment boundary 39 or 41 ms apart on a 40 ms camera. Held, consecutive
 * segments of a run meet to the ms, and what the hold leaves uncorrected is
 * under half a frame at 25 fps.
 *
 * Limits: the estimate includes the smallest delivery delay (tens of ms on a
 * LAN). A camera clock that drifts against ours is followed within one
 * window, in steps of more than ANCHOR_HOLD_MS; a jump in the camera's
 * timestamps is followed after one window.
 */
export const ANCHOR_WINDOW_MS = 30_000;
/** How far the estimate may move before the anchor handed out follows it (see above). */
export const ANCHOR_HOLD_MS = 20;

export class ClockAnchor {
  private samples: Array<{ atMs: number; anchorMs: number }> = [];
  /** The held anchor (epoch ms of output time 0). */
  private best: number | undefined;

  constructor(private readonly windowMs = ANCHOR_WINDOW_MS) {}

  /** A progress report received at `nowMs` saying the newest packet is at `outTimeS`. */
  sample(outTimeS: number, nowMs: number): void {
    if (!Number.isFinite(outTimeS) || outTimeS < 0) return;
    const anchorMs = nowMs - outTimeS * 1000;
    this.samples.push({ atMs: nowMs, anchorMs });
    while (this.samples.length > 1 && this.samples[0]!.atMs < nowMs - this.windowMs) this.samples.shift();
    const best = Math.min(...this.samples.map((s) => s.anchorMs));
    if (this.best === undefined || Math.abs(best - this.best) > ANCHOR_HOLD_MS) this.best = best;
  }

  get known(): boolean {
    return this.best !== undefined;
  }

  /** Epoch ms of output time `timeS`; undefined before the first sample. */
  wallMs(timeS: number): number | undefined {
    return this.best === undefined ? undefined : Math.round(this.best + timeS * 1000);
  }
}
