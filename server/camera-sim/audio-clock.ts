/**
 * The simulator's microphone: an AudioSource that produces one 20 ms PCMU
 * frame (160 bytes) per tick on a fixed wall-clock grid (origin + n x 20 ms),
 * the beep of beep-tone.ts. All cameras with sound share it, as they share
 * the capture clock, so the frames are made once whatever the number of
 * listeners.
 *
 * A frame goes out when it is complete (at its start + 20 ms), stamped with
 * its start, so its samples are on the same timeline as the video frames'
 * capture times. A late timer sends the frames it missed at once, so the
 * sound stays continuous; one later than MAX_CATCH_UP_FRAMES skips ahead, as
 * a camera that stalled would, and the listeners see the gap in the RTP
 * timestamps.
 *
 * Cost: one timer every 20 ms while anyone listens (none otherwise), and a
 * cached frame per tick; measured in the camera-sim CPU figures (report).
 */
import { AudioHub, PCMU_FORMAT, PCMU_FRAME_BYTES, PCMU_FRAME_MS, type AudioFormat, type AudioFrame, type AudioSource } from '../protocols/audio-source';
import { BeepTone } from './beep-tone';

const MAX_CATCH_UP_FRAMES = 50;

export class AudioClock implements AudioSource {
  readonly format: AudioFormat = PCMU_FORMAT;
  private readonly hub = new AudioHub();
  private readonly tone = new BeepTone(PCMU_FORMAT.clockRate, PCMU_FRAME_BYTES);
  private timer: NodeJS.Timeout | undefined;
  /** Start of the next frame to send, epoch ms. */
  private nextStartMs = 0;
  private firing = false;

  constructor(private readonly now: () => number = Date.now) {}

  subscribe(listener: (frame: AudioFrame) => void): () => void {
    const off = this.hub.subscribe(listener);
    if (!this.timer && !this.firing) this.start();
    return () => {
      off();
      if (this.hub.subscriberCount === 0) this.halt();
    };
  }

  private start(): void {
    this.nextStartMs = Math.ceil(this.now() / PCMU_FRAME_MS) * PCMU_FRAME_MS;
    this.schedule();
  }

  private halt(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    const dueMs = this.nextStartMs + PCMU_FRAME_MS;
    this.timer = setTimeout(() => this.fire(), Math.max(0, dueMs - this.now()));
  }

  private fire(): void {
    this.timer = undefined;
    this.firing = true;
    const nowMs = this.now();
    const complete = Math.floor((nowMs - this.nextStartMs) / PCMU_FRAME_MS);
    if (complete > MAX_CATCH_UP_FRAMES) this.nextStartMs += (complete - 1) * PCMU_FRAME_MS;
    while (this.nextStartMs + PCMU_FRAME_MS <= nowMs && this.hub.subscriberCount > 0) {
      this.hub.push({ timeMs: this.nextStartMs, payload: this.tone.frame(this.nextStartMs) });
      this.nextStartMs += PCMU_FRAME_MS;
    }
    this.firing = false;
    if (this.hub.subscriberCount > 0) this.schedule();
  }
}
