/**
 * Turns the ingest ffmpeg's raw µ-law output (bytes as each RTP packet
 * arrived, any chunking) into 20 ms frames of 160 samples for the stream's
 * live audio hub, each stamped with the time of its first sample.
 *
 * Stamps follow the samples, not the arrival: each frame is 20 ms after the
 * previous one, so listeners get RTP timestamps exactly 160 apart even when
 * packets arrive in clumps. The first frame, and the first after a gap or a
 * drift of more than RESYNC_MS from the arrival times (the camera paused,
 * or its clock ran away from ours), are stamped from arrival again.
 * Pure (the caller passes the arrival time); a copy of each frame.
 */
import { PCMU_FRAME_BYTES, PCMU_FRAME_MS, type AudioFrame } from '../../protocols/audio-source';

export const RESYNC_MS = 500;

export class MulawFramer {
  private pending = new Uint8Array(0);
  private nextMs: number | undefined;

  /** Frames completed by this chunk, which arrived at nowMs. */
  push(chunk: Uint8Array, nowMs: number): AudioFrame[] {
    const joined = new Uint8Array(this.pending.length + chunk.length);
    joined.set(this.pending);
    joined.set(chunk, this.pending.length);
    const count = Math.floor(joined.length / PCMU_FRAME_BYTES);
    this.pending = joined.slice(count * PCMU_FRAME_BYTES);
    const frames: AudioFrame[] = [];
    for (let i = 0; i < count; i++) {
      // Had it arrived on time, frame i of this chunk would have started this long before now.
      const arrivalStartMs = nowMs - (count - i) * PCMU_FRAME_MS;
      if (this.nextMs === undefined || Math.abs(this.nextMs - arrivalStartMs) > RESYNC_MS) this.nextMs = arrivalStartMs;
      frames.push({ timeMs: this.nextMs, payload: joined.slice(i * PCMU_FRAME_BYTES, (i + 1) * PCMU_FRAME_BYTES) });
      this.nextMs += PCMU_FRAME_MS;
    }
    return frames;
  }
}
