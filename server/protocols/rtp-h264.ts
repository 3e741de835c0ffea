/**
 * RTP payload format for H.264 (RFC 6184), non-interleaved mode:
 * packetizer (single NAL unit packets, FU-A for NALs above the MTU) and
 * depacketizer (single NAL, STAP-A, FU-A). Timestamps use the 90 kHz clock.
 *
 * Why: the RTSP server of the camera simulator and the recorder's restream
 * send H.264 over RTP; tests and clients read it back.
 *
 * Cost: one copy of each NAL into packets of at most `mtuBytes`.
 *
 * Limits: no STAP-A aggregation on send (SPS and PPS travel as single NAL
 * packets, which every client accepts), no interleaved mode (STAP-B, MTAP,
 * FU-B). A depacketized access unit whose FU-A lost a fragment is delivered
 * without that NAL.
 */

export const H264_CLOCK_RATE = 90_000;
export const RTP_HEADER_BYTES = 12;
const FU_A = 28;
const STAP_A = 24;

export function msToRtpTicks(ms: number): number {
  return Math.round(ms * (H264_CLOCK_RATE / 1000));
}

export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Uint8Array;
}

export function parseRtpPacket(packet: Uint8Array): RtpPacket | undefined {
  if (packet.length < RTP_HEADER_BYTES || packet[0]! >> 6 !== 2) return undefined;
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const csrcCount = packet[0]! & 0x0f;
  let offset = RTP_HEADER_BYTES + csrcCount * 4;
  if (packet[0]! & 0x10) {
    if (packet.length < offset + 4) return undefined;
    offset += 4 + view.getUint16(offset + 2) * 4;
  }
  let end = packet.length;
  if (packet[0]! & 0x20) end -= packet[packet.length - 1]!;
  if (offset > end) return undefined;
  return {
    payloadType: packet[1]! & 0x7f,
    marker: (packet[1]! & 0x80) !== 0,
    sequence: view.getUint16(2),
    timestamp: view.getUint32(4),
    ssrc: view.getUint32(8),
    payload: packet.subarray(offset, end),
  };
}

export class H264Packetizer {
  private nextSequence: number;
  private readonly ssrc: number;
  private readonly payloadType: number;
  private readonly maxPayloadBytes: number;
  /** Totals for RTCP sender reports. */
  packetCount = 0;
  octetCount = 0;

  constructor(opts: { ssrc: number; payloadType?: number; mtuBytes?: number; initialSequence?: number }) {
    this.ssrc = opts.ssrc >>> 0;
    this.payloadType = opts.payloadType ?? 96;
    this.maxPayloadBytes = (opts.mtuBytes ?? 1200) - RTP_HEADER_BYTES;
    this.nextSequence = (opts.initialSequence ?? Math.floor(Math.random() * 0x10000)) & 0xffff;
    if (this.maxPayloadBytes < 16) throw new Error('MTU too small');
  }

  /** The sequence number the next packet will carry. */
  get sequence(): number {
    return this.nextSequence;
  }

  /** All packets of one access unit; the marker bit is set on the last one. */
  packetize(nalus: readonly Uint8Array[], rtpTimestamp: number): Uint8Array[] {
    const packets: Uint8Array[] = [];
    const payloads: Uint8Array[][] = [];
    for (const nalu of nalus) {
      if (nalu.length === 0) continue;
      if (nalu.length <= this.maxPayloadBytes) {
        payloads.push([nalu]);
        continue;
      }
      const indicator = (nalu[0]! & 0xe0) | FU_A;
      const type = nalu[0]! & 0x1f;
      const chunkBytes = this.maxPayloadBytes - 2;
      for (let offset = 1; offset < nalu.length; offset += chunkBytes) {
        const end = Math.min(offset + chunkBytes, nalu.length);
        const header = (offset === 1 ? 0x80 : 0) | (end === nalu.length ? 0x40 : 0) | type;
        payloads.push([Uint8Array.of(indicator, header), nalu.subarray(offset, end)]);
      }
    }
    payloads.forEach((parts, index) => {
      packets.push(this.packet(parts, rtpTimestamp, index === payloads.length - 1));
    });
    return packets;
  }

  private packet(parts: Uint8Array[], timestamp: number, marker: boolean): Uint8Array {
    const payloadBytes = parts.reduce((sum, part) => sum + part.length, 0);
    const packet = new Uint8Array(RTP_HEADER_BYTES + payloadBytes);
    const view = new DataView(packet.buffer);
    packet[0] = 0x80;
    packet[1] = (marker ? 0x80 : 0) | this.payloadType;
    view.setUint16(2, this.nextSequence);
    view.setUint32(4, timestamp >>> 0);
    view.setUint32(8, this.ssrc);
    let offset = RTP_HEADER_BYTES;
    for (const part of parts) {
      packet.set(part, offset);
      offset += part.length;
    }
    this.nextSequence = (this.nextSequence + 1) & 0xffff;
    this.packetCount++;
    this.octetCount += payloadBytes;
    return packet;
  }
}

export interface DepacketizedAccessUnit {
  nalus: Uint8Array[];
  keyframe: boolean;
  rtpTimestamp: number;
}

export class H264Depacketizer {
  private nalus: Uint8Array[] = [];
  private timestamp: number | undefined;
  private fragments: Uint8Array[] | undefined;
  private lastSequence: number | undefined;

  constructor(private readonly onAccessUnit: (au: DepacketizedAccessUnit) => void) {}

  push(packetBytes: Uint8Array): void {
    const packet = parseRtpPacket(packetBytes);
    if (!packet || packet.payload.length === 0) return;
    const lost = this.lastSequence !== undefined && packet.sequence !== ((this.lastSequence + 1) & 0xffff);
    this.lastSequence = packet.sequence;
    if (this.timestamp !== undefined && packet.timestamp !== this.timestamp) this.emit();
    this.timestamp = packet.timestamp;
    if (lost) this.fragments = undefined;

    const payload = packet.payload;
    const type = payload[0]! & 0x1f;
    if (type >= 1 && type <= 23) {
      this.nalus.push(payload.slice());
    } else if (type === STAP_A) {
      let offset = 1;
      while (offset + 2 <= payload.length) {
        const size = (payload[offset]! << 8) | payload[offset + 1]!;
        offset += 2;
        if (size === 0 || offset + size > payload.length) break;
        this.nalus.push(payload.slice(offset, offset + size));
        offset += size;
      }
    } else if (type === FU_A && payload.length > 2) {
      const header = payload[1]!;
      if (header & 0x80) {
        this.fragments = [Uint8Array.of((payload[0]! & 0xe0) | (header & 0x1f)), payload.slice(2)];
      } else if (this.fragments) {
        this.fragments.push(payload.slice(2));
      }
      if (header & 0x40 && this.fragments) {
        const size = this.fragments.reduce((sum, part) => sum + part.length, 0);
        const nalu = new Uint8Array(size);
        let offset = 0;
        for (const part of this.fragments) {
          nalu.set(part, offset);
          offset += part.length;
        }
        this.nalus.push(nalu);
        this.fragments = undefined;
      }
    }
    if (packet.marker) this.emit();
  }

  private emit(): void {
    if (this.nalus.length > 0 && this.timestamp !== undefined) {
      const keyframe = this.nalus.some((nalu) => (nalu[0]! & 0x1f) === 5);
      this.onAccessUnit({ nalus: this.nalus, keyframe, rtpTimestamp: this.timestamp });
    }
    this.nalus = [];
    this.fragments = undefined;
  }
}
