/**
 * The simulated cameras' sound: a short 1 kHz beep at the start of every
 * wall-clock second and silence otherwise, as µ-law (PCMU 8 kHz). The beep
 * marks whole seconds, so a listener (or a test) can tell that sound arrives
 * and roughly lines up with the time strip in the picture.
 *
 * Pure: the samples of a frame depend only on its start time within the
 * second, so they are computed once per position and kept (at most 50
 * frames of 160 bytes at 20 ms). The beep fades in and out over 5 ms so its
 * edges do not click.
 */
import { encodeMulaw } from '../protocols/g711';

export const BEEP_HZ = 1000;
export const BEEP_MS = 100;
/** About -12 dBFS: clearly audible, far from clipping. */
export const BEEP_AMPLITUDE = 8000;
const FADE_MS = 5;

/** Linear samples of the beep signal from startMs (epoch ms) on. */
export function beepSamples(startMs: number, count: number, sampleRate: number): Int16Array {
  const out = new Int16Array(count);
  const secondStartMs = Math.floor(startMs / 1000) * 1000;
  for (let i = 0; i < count; i++) {
    // Position within the current second; a frame may straddle a second boundary.
    const offsetMs = (startMs - secondStartMs + (i * 1000) / sampleRate) % 1000;
    if (offsetMs >= BEEP_MS) continue;
    const envelope = Math.min(1, offsetMs / FADE_MS, (BEEP_MS - offsetMs) / FADE_MS);
    out[i] = Math.round(BEEP_AMPLITUDE * envelope * Math.sin((2 * Math.PI * BEEP_HZ * offsetMs) / 1000));
  }
  return out;
}

/** µ-law frames of the beep signal, cached by position within the second. */
export class BeepTone {
  private readonly cache = new Map<number, Uint8Array>();

  constructor(
    private readonly sampleRate: number,
    private readonly frameSamples: number,
  ) {}

  /** The frame starting at startMs. Shared: do not modify. */
  frame(startMs: number): Uint8Array {
    const key = ((startMs % 1000) + 1000) % 1000;
    let frame = this.cache.get(key);
    if (!frame) {
      frame = encodeMulaw(beepSamples(startMs, this.frameSamples, this.sampleRate));
      if (this.cache.size < 1000) this.cache.set(key, frame);
    }
    return frame;
  }
}
