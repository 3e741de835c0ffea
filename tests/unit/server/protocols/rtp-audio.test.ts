import { describe, expect, it } from 'vitest';
import { RtpAudioPacketizer } from '../../../../server/protocols/rtp-audio';
import { parseRtpPacket } from '../../../../server/protocols/rtp-h264';

describe('RtpAudioPacketizer', () => {
  it('sends one frame per packet with payload type, sequence, timestamp and SSRC; marker on a talkspurt start', () => {
    const packetizer = new RtpAudioPacketizer({ ssrc: 0xdeadbeef, payloadType: 0, initialSequence: 65535 });
    const frame = new Uint8Array(160).fill(0xff);
    const packets = [0, 160, 320].map((ts) => parseRtpPacket(packetizer.packetize(frame, ts))!);
    expect(packets.map((p) => [p.sequence, p.timestamp, p.marker, p.payloadType, p.ssrc])).toEqual([
      [65535, 0, true, 0, 0xdeadbeef],
      [0, 160, false, 0, 0xdeadbeef],
      [1, 320, false, 0, 0xdeadbeef],
    ]);
    expect(packets[0]!.payload).toEqual(frame);
    packetizer.resumeAfterGap();
    expect(parseRtpPacket(packetizer.packetize(frame, 800))!.marker).toBe(true);
    expect(packetizer.packetCount).toBe(4);
    expect(packetizer.octetCount).toBe(640);
  });
});
