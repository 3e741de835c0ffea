/**
 * RTP timestamps (90 kHz) for video sent to a WebRTC viewer. Timestamps follow
 * the moment each access unit is sent, not its capture time: the latest GOP a
 * new viewer receives first arrives in a burst, and stamping it with its
 * capture times would make the browser play it back at real pace and stay a
 * whole GOP behind live. Stamped on arrival, the burst is decoded at once and
 * the picture catches up with live. Each stamp is at least one millisecond
 * after the previous one so no two frames share a timestamp. Pure apart from
 * the injected clock; costs nothing per frame beyond arithmetic.
 */

export const RTP_VIDEO_CLOCK_HZ = 90_000;
const TICKS_PER_MS = RTP_VIDEO_CLOCK_HZ / 1000;
/** The smallest step between two frames: 1 ms. */
export const MIN_STEP_TICKS = TICKS_PER_MS;

export class RtpClock {
  private readonly originMs: number;
  private lastTicks: number | undefined;

  constructor(
    /** Random per RFC 3550; injectable for tests. */
    private readonly initialTimestamp: number = Math.floor(Math.random() * 0x1_0000_0000),
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.originMs = this.nowMs();
  }

  /** The 32-bit RTP timestamp for a frame sent now. */
  next(): number {
    let ticks = Math.round((this.nowMs() - this.originMs) * TICKS_PER_MS);
    if (this.lastTicks !== undefined && ticks < this.lastTicks + MIN_STEP_TICKS) ticks = this.lastTicks + MIN_STEP_TICKS;
    this.lastTicks = ticks;
    return (this.initialTimestamp + ticks) >>> 0;
  }
}
