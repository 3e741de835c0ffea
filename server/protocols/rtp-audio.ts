/**
 * RTP packets for frame-based audio such as PCMU (RFC 3550, RFC 3551): one
 * frame per packet, a 12-byte header and the samples as payload, the marker
 * bit on the first packet of a talkspurt (the first one sent, or the first
 * after a gap). Timestamps count samples at the codec's clock (8 kHz).
 *
 * Why: the RTSP server sends a camera's sound beside its H.264, and the
 * recorder relays it to WebRTC viewers. Cost: one copy of each frame.
 */
import { RTP_HEADER_BYTES } from './rtp-h264';

export class RtpAudioPacketizer {
  private nextSequence: number;
  private readonly ssrc: number;
  private readonly payloadType: number;
  private talkspurt = true;
  /** Totals for RTCP sender reports. */
  packetCount = 0;
  octetCount = 0;

  constructor(opts: { ssrc: number; payloadType: number; initialSequence?: number }) {
    this.ssrc = opts.ssrc >>> 0;
    this.payloadType = opts.payloadType & 0x7f;
    this.nextSequence = (opts.initialSequence ?? Math.floor(Math.random() * 0x10000)) & 0xffff;
  }

  /** The sequence number the next packet will carry. */
  get sequence(): number {
    return this.nextSequence;
  }

  /** The next packet sent starts a talkspurt (marker bit): call after a gap. */
  resumeAfterGap(): void {
    this.talkspurt = true;
  }

  packetize(payload: Uint8Array, rtpTimestamp: number): Uint8Array {
    const packet = new Uint8Array(RTP_HEADER_BYTES + payload.length);
    const view = new DataView(packet.buffer);
    packet[0] = 0x80;
    packet[1] = (this.talkspurt ? 0x80 : 0) | this.payloadType;
    view.setUint16(2, this.nextSequence);
    view.setUint32(4, rtpTimestamp >>> 0);
    view.setUint32(8, this.ssrc);
    packet.set(payload, RTP_HEADER_BYTES);
    this.talkspurt = false;
    this.nextSequence = (this.nextSequence + 1) & 0xffff;
    this.packetCount++;
    this.octetCount += payload.length;
    return packet;
  }
}
