/**
 * RTCP sender report (RFC 3550 6.4.1): tells a receiver which wall-clock
 * time an RTP timestamp stands for, so it can place frames on a real
 * timeline (ffmpeg uses it for `start_time_realtime`). Pure; 28 bytes.
 */

/** Seconds from 1900-01-01 (NTP era 0) to 1970-01-01. */
const NTP_UNIX_OFFSET_S = 2_208_988_800;

export function buildSenderReport(opts: {
  ssrc: number;
  /** Wall-clock time the RTP timestamp corresponds to, epoch ms. */
  ntpTimeMs: number;
  rtpTimestamp: number;
  packetCount: number;
  octetCount: number;
}): Uint8Array {
  const packet = new Uint8Array(28);
  const view = new DataView(packet.buffer);
  packet[0] = 0x80; // version 2, no padding, no report blocks
  packet[1] = 200; // SR
  view.setUint16(2, 6); // length in 32-bit words minus one
  view.setUint32(4, opts.ssrc >>> 0);
  const seconds = Math.floor(opts.ntpTimeMs / 1000);
  const fractionMs = opts.ntpTimeMs - seconds * 1000;
  view.setUint32(8, (seconds + NTP_UNIX_OFFSET_S) >>> 0);
  view.setUint32(12, Math.floor((fractionMs / 1000) * 0x1_0000_0000) >>> 0);
  view.setUint32(16, opts.rtpTimestamp >>> 0);
  view.setUint32(20, opts.packetCount >>> 0);
  view.setUint32(24, opts.octetCount >>> 0);
  return packet;
}

/** Reads the wall-clock time and RTP timestamp back from a sender report (for tests and receivers). */
export function parseSenderReport(packet: Uint8Array): { ssrc: number; ntpTimeMs: number; rtpTimestamp: number } | undefined {
  if (packet.length < 28 || packet[1] !== 200 || packet[0]! >> 6 !== 2) return undefined;
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const seconds = view.getUint32(8) - NTP_UNIX_OFFSET_S;
  const fraction = view.getUint32(12) / 0x1_0000_0000;
  return { ssrc: view.getUint32(4), ntpTimeMs: Math.round((seconds + fraction) * 1000), rtpTimestamp: view.getUint32(16) };
}
