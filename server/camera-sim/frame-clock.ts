/**
 * The simulator's capture clock: one tick every 1/fps seconds on a fixed
 * grid (origin + n x 40 ms at 25 fps), each carrying the tick's time and the
 * time-strip image for it. Every encoder is paced by it, so all cameras
 * capture at the same instants and a frame's stamp is its capture time.
 *
 * Why a grid rather than Date.now() per tick: frame times stay exactly
 * 40 ms apart (clean RTP timestamps, stream-copy friendly); the stamp differs
 * from the moment the tick actually ran by the timer's lateness, a few ms.
 * A tick later than one whole frame is skipped, as a camera drops a frame
 * rather than bunching them.
 *
 * Cost: one timer, one strip image (64 KB at 1280x720) per tick while any
 * encoder listens; stops when none does.
 */
import { encodeTimeStrip } from '../shared/time-strip';

export interface FrameTick {
  timeMs: number;
  /** Gray time strip for this tick, sized for the main stream. Shared: do not modify. */
  strip: Uint8Array;
}

export class FrameClock {
  private readonly listeners = new Set<(tick: FrameTick) => void>();
  private readonly frameMs: number;
  private timer: NodeJS.Timeout | undefined;
  private originMs = 0;
  private nextIndex = 0;

  constructor(
    fps: number,
    private readonly frameWidth: number,
    private readonly frameHeight: number,
  ) {
    this.frameMs = 1000 / fps;
  }

  subscribe(listener: (tick: FrameTick) => void): () => void {
    this.listeners.add(listener);
    if (!this.timer) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.halt();
    };
  }

  private start(): void {
    this.originMs = Math.ceil(Date.now() / this.frameMs) * this.frameMs;
    this.nextIndex = 0;
    this.schedule();
  }

  private halt(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    const dueMs = this.originMs + this.nextIndex * this.frameMs;
    this.timer = setTimeout(() => this.fire(), Math.max(0, dueMs - Date.now()));
  }

  private fire(): void {
    const nowMs = Date.now();
    const lateFrames = Math.floor((nowMs - (this.originMs + this.nextIndex * this.frameMs)) / this.frameMs);
    if (lateFrames > 0) this.nextIndex += lateFrames;
    const timeMs = Math.round(this.originMs + this.nextIndex * this.frameMs);
    this.nextIndex++;
    const tick: FrameTick = { timeMs, strip: encodeTimeStrip(timeMs, this.frameWidth, this.frameHeight).pixels };
    for (const listener of [...this.listeners]) listener(tick);
    if (this.listeners.size > 0) this.schedule();
  }
}
