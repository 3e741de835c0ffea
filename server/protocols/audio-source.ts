/**
 * A live audio source and the hub that implements it, beside H264Source:
 * one producer pushes frames of G.711 µ-law (PCMU, 8 kHz mono, the codec
 * most cameras send), any number of consumers (RTSP sessions, WebRTC peers)
 * subscribe. A frame is normally 20 ms (160 bytes), the RTP packet size
 * cameras use; its timeMs is the capture time of its first sample.
 *
 * No cache: unlike video, audio needs no key frame, so a new listener starts
 * with the next frame. Cost: a synchronous loop over subscribers per frame
 * (50 a second); a subscriber must not block.
 */

export interface AudioFormat {
  encoding: 'PCMU';
  clockRate: 8000;
  channels: 1;
}

export const PCMU_FORMAT: AudioFormat = { encoding: 'PCMU', clockRate: 8000, channels: 1 };
/** RTP's static payload type for PCMU (RFC 3551). */
export const PCMU_PAYLOAD_TYPE = 0;
export const PCMU_FRAME_MS = 20;
export const PCMU_FRAME_BYTES = (PCMU_FORMAT.clockRate * PCMU_FRAME_MS) / 1000;

export interface AudioFrame {
  /** Capture time of the first sample, epoch ms. */
  timeMs: number;
  /** µ-law samples, one byte each. */
  payload: Uint8Array;
}

export interface AudioSource {
  readonly format: AudioFormat;
  /** Live frames from now on. Returns unsubscribe. */
  subscribe(listener: (frame: AudioFrame) => void): () => void;
}

export class AudioHub implements AudioSource {
  readonly format = PCMU_FORMAT;
  private readonly listeners = new Set<(frame: AudioFrame) => void>();

  get subscriberCount(): number {
    return this.listeners.size;
  }

  push(frame: AudioFrame): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(frame);
      } catch (err) {
        // One faulty consumer must not starve the others; report and carry on.
        console.error('AudioHub subscriber failed:', err);
      }
    }
  }

  subscribe(listener: (frame: AudioFrame) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
