import { describe, expect, it } from 'vitest';
import { buildSenderReport, parseSenderReport } from '../../../../server/protocols/rtcp';
import { H264Depacketizer, H264Packetizer, msToRtpTicks, parseRtpPacket, type DepacketizedAccessUnit } from '../../../../server/protocols/rtp-h264';

function nalu(type: number, size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes[0] = 0x60 | type;
  for (let i = 1; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

describe('H264Packetizer / H264Depacketizer', () => {
  const sps = nalu(7, 12, 1);
  const pps = nalu(8, 4, 2);
  const idr = nalu(5, 3000, 3); // needs FU-A at MTU 1200
  const p = nalu(1, 500, 4);

  it('sends small NALs whole and large ones as FU-A within the MTU, marker on the last packet', () => {
    const packetizer = new H264Packetizer({ ssrc: 0x11223344, mtuBytes: 1200, initialSequence: 65534 });
    const packets = packetizer.packetize([sps, pps, idr], 9000);
    expect(packets.every((packet) => packet.length <= 1200)).toBe(true);
    const parsed = packets.map((packet) => parseRtpPacket(packet)!);
    expect(parsed.map((x) => x.sequence)).toEqual(parsed.map((_, i) => (65534 + i) & 0xffff));
    expect(parsed.map((x) => x.marker)).toEqual(parsed.map((_, i) => i === parsed.length - 1));
    expect(parsed.every((x) => x.timestamp === 9000 && x.ssrc === 0x11223344 && x.payloadType === 96)).toBe(true);
    expect(parsed[0]!.payload).toEqual(sps);
    const fuTypes = parsed.slice(2).map((x) => x.payload[0]! & 0x1f);
    expect(fuTypes.every((t) => t === 28)).toBe(true);
    expect(parsed[2]!.payload[1]! & 0x80).toBe(0x80); // start bit
    expect(parsed[parsed.length - 1]!.payload[1]! & 0x40).toBe(0x40); // end bit
    expect(packetizer.packetCount).toBe(packets.length);
  });

  it('round-trips access units through packetize and depacketize', () => {
    const packetizer = new H264Packetizer({ ssrc: 1, mtuBytes: 1200 });
    const received: DepacketizedAccessUnit[] = [];
    const depacketizer = new H264Depacketizer((au) => received.push(au));
    const aus = [[sps, pps, idr], [p], [nalu(1, 2500, 9)]];
    aus.forEach((nalus, i) => packetizer.packetize(nalus, 1000 + i * 3600).forEach((packet) => depacketizer.push(packet)));
    expect(received.map((au) => au.rtpTimestamp)).toEqual([1000, 4600, 8200]);
    expect(received.map((au) => au.keyframe)).toEqual([true, false, false]);
    expect(received.map((au) => au.nalus)).toEqual(aus);
  });

  it('unpacks STAP-A aggregates', () => {
    const payload = Uint8Array.from([24, 0, sps.length, ...sps, 0, pps.length, ...pps]);
    const packet = Uint8Array.from([0x80, 0x80 | 96, 0, 1, 0, 0, 0, 5, 0, 0, 0, 9, ...payload]);
    const received: DepacketizedAccessUnit[] = [];
    new H264Depacketizer((au) => received.push(au)).push(packet);
    expect(received).toHaveLength(1);
    expect(received[0]!.nalus).toEqual([sps, pps]);
  });

  it('drops a NAL whose FU-A lost a fragment, keeps the rest of the access unit', () => {
    const packetizer = new H264Packetizer({ ssrc: 1, mtuBytes: 1200 });
    const packets = packetizer.packetize([sps, idr], 0);
    const received: DepacketizedAccessUnit[] = [];
    const depacketizer = new H264Depacketizer((au) => received.push(au));
    packets.filter((_, i) => i !== 2).forEach((packet) => depacketizer.push(packet));
    expect(received).toHaveLength(1);
    expect(received[0]!.nalus).toEqual([sps]);
  });

  it('parses headers with CSRCs, extension and padding', () => {
    const packet = Uint8Array.from([
      0xb1, 0x60, 0x12, 0x34, 0, 0, 0x10, 0, 0xaa, 0xbb, 0xcc, 0xdd, // V=2 P X CC=1
      1, 2, 3, 4, // CSRC
      0xbe, 0xde, 0, 1, 9, 9, 9, 9, // extension of one word
      0x41, 0x42, 0, 2, // payload + padding count 2
    ]);
    const parsed = parseRtpPacket(packet)!;
    expect(parsed).toMatchObject({ payloadType: 0x60, sequence: 0x1234, timestamp: 0x1000, ssrc: 0xaabbccdd, marker: false });
    expect(Array.from(parsed.payload)).toEqual([0x41, 0x42]);
    expect(parseRtpPacket(Uint8Array.from([0x40, 0, 0]))).toBeUndefined();
  });

  it('converts milliseconds to 90 kHz ticks', () => {
    expect(msToRtpTicks(40)).toBe(3600);
    expect(msToRtpTicks(1000)).toBe(90_000);
  });
});

describe('RTCP sender report', () => {
  it('carries wall-clock time and RTP timestamp', () => {
    const report = buildSenderReport({ ssrc: 7, ntpTimeMs: 1_700_000_000_123, rtpTimestamp: 0xfffffff0, packetCount: 10, octetCount: 9000 });
    expect(report).toHaveLength(28);
    expect(report[1]).toBe(200);
    expect(parseSenderReport(report)).toEqual({ ssrc: 7, ntpTimeMs: 1_700_000_000_123, rtpTimestamp: 0xfffffff0 });
  });
});
