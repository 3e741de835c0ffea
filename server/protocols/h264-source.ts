/**
 * A live H.264 source and the hub that implements it: one producer pushes
 * access units, any number of consumers (RTSP sessions, WebRTC peers,
 * snapshots) subscribe.
 *
 * Why a GOP cache: a viewer that joins mid-GOP would wait up to a whole GOP
 * (1 s here, several seconds on real cameras) for the next keyframe. The hub
 * keeps the access units since the latest keyframe and replays them to each
 * new subscriber, so its decoder can start at once.
 *
 * Cost: memory of one GOP (about 2 Mbit/s x GOP duration); fan-out is a
 * synchronous loop over subscribers, so a subscriber must not block.
 *
 * Limits: the cache is capped at `maxGopAccessUnits`; a stream that sends no
 * keyframe for longer than that gives late joiners nothing until the next one.
 */
import { type AccessUnit, NAL_PPS, NAL_SPS, nalType, parseSps } from './h264';

export interface H264Codec {
  sps: Uint8Array;
  pps: Uint8Array;
  width: number;
  height: number;
  profileLevelId: string;
}

export interface H264Source {
  /** undefined until the first SPS/PPS arrived */
  codec(): H264Codec | undefined;
  /** A new subscriber first receives the latest GOP (from its keyframe) so it can start at once, then live AUs. Returns unsubscribe. */
  subscribe(listener: (au: AccessUnit) => void): () => void;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class H264Hub implements H264Source {
  private gop: AccessUnit[] = [];
  private readonly listeners = new Set<(au: AccessUnit) => void>();
  private currentCodec: H264Codec | undefined;
  private sps: Uint8Array | undefined;
  private pps: Uint8Array | undefined;

  constructor(private readonly maxGopAccessUnits = 300) {}

  codec(): H264Codec | undefined {
    return this.currentCodec;
  }

  /** Number of subscribers (for idle detection and stats). */
  get subscriberCount(): number {
    return this.listeners.size;
  }

  push(au: AccessUnit): void {
    this.learnCodec(au);
    if (au.keyframe) {
      this.gop = [au];
    } else if (this.gop.length > 0 && this.gop.length < this.maxGopAccessUnits) {
      this.gop.push(au);
    } else {
      // No keyframe yet, or an overlong GOP: a late joiner could not decode these.
      this.gop = [];
    }
    for (const listener of [...this.listeners]) this.deliver(listener, au);
  }

  subscribe(listener: (au: AccessUnit) => void): () => void {
    for (const au of this.gop) this.deliver(listener, au);
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Forgets the cached GOP and codec (the producer restarted with other parameters). */
  reset(): void {
    this.gop = [];
    this.currentCodec = undefined;
    this.sps = undefined;
    this.pps = undefined;
  }

  private deliver(listener: (au: AccessUnit) => void, au: AccessUnit): void {
    try {
      listener(au);
    } catch (err) {
      // One faulty consumer must not starve the others; report and carry on.
      console.error('H264Hub subscriber failed:', err);
    }
  }

  private learnCodec(au: AccessUnit): void {
    let changed = false;
    for (const nalu of au.nalus) {
      const type = nalType(nalu);
      if (type === NAL_SPS && !(this.sps && sameBytes(this.sps, nalu))) {
        this.sps = nalu;
        changed = true;
      } else if (type === NAL_PPS && !(this.pps && sameBytes(this.pps, nalu))) {
        this.pps = nalu;
        changed = true;
      }
    }
    if (!changed || !this.sps || !this.pps) return;
    try {
      const info = parseSps(this.sps);
      this.currentCodec = { sps: this.sps, pps: this.pps, ...info };
    } catch (err) {
      console.error('H264Hub: unreadable SPS:', err);
    }
  }
}
