import { describe, expect, it } from 'vitest';
import { bandwidthWarning, bitRateBps, packetLossRatio, readInboundVideo, VIDEO_STALL_MS, videoFlowAtMs } from '../../../../../src/core/player/player-stats';
import { report } from '../../../helpers/webrtc-stats-report';

describe('player statistics', () => {
  it('derives the bit rate from received-byte deltas', () => {
    expect(bitRateBps(null, { bytes: 1000, atMs: 2000 })).toBeNull();
    // 125 000 bytes in one second: 1 Mbit/s.
    expect(bitRateBps({ bytes: 0, atMs: 1000 }, { bytes: 125_000, atMs: 2000 })).toBe(1_000_000);
    expect(bitRateBps({ bytes: 10_000, atMs: 1000 }, { bytes: 30_000, atMs: 1500 })).toBe(320_000);
    // No time passed, or the counter went back (a new stream): no figure rather than a wrong one.
    expect(bitRateBps({ bytes: 100, atMs: 1000 }, { bytes: 200, atMs: 1000 })).toBeNull();
    expect(bitRateBps({ bytes: 5000, atMs: 1000 }, { bytes: 100, atMs: 2000 })).toBeNull();
    expect(bitRateBps({ bytes: 0, atMs: 1000 }, { bytes: 0, atMs: 2000 })).toBe(0);
  });

  it('measures the share of packets lost between two readings', () => {
    expect(packetLossRatio(null, { packetsReceived: 10, packetsLost: 0 })).toBeNull();
    expect(packetLossRatio({ packetsReceived: 100, packetsLost: 0 }, { packetsReceived: 180, packetsLost: 20 })).toBeCloseTo(0.2);
    expect(packetLossRatio({ packetsReceived: 100, packetsLost: 5 }, { packetsReceived: 200, packetsLost: 5 })).toBe(0);
    // Nothing arrived and nothing was lost: no share.
    expect(packetLossRatio({ packetsReceived: 100, packetsLost: 5 }, { packetsReceived: 100, packetsLost: 5 })).toBeNull();
    // Duplicates can make the lost counter go down; that is no negative loss.
    expect(packetLossRatio({ packetsReceived: 100, packetsLost: 5 }, { packetsReceived: 150, packetsLost: 3 })).toBe(0);
  });

  it('raises the bandwidth warning over 10 % loss or on undecodable frames (spec 9)', () => {
    expect(bandwidthWarning(0.1, 0)).toBe(false);
    expect(bandwidthWarning(0.11, 0)).toBe(true);
    expect(bandwidthWarning(null, 0)).toBe(false);
    expect(bandwidthWarning(0, 1)).toBe(true);
    expect(bandwidthWarning(null, 2)).toBe(true);
  });

  it('reads the inbound video figures of a report; undecodable video is what made the browser ask for a key frame', () => {
    expect(readInboundVideo(report(), 5)).toEqual({
      packets: { packetsReceived: 500, packetsLost: 3 },
      bytesReceived: 250_000,
      atMs: 1_000_000,
      framesPerSecond: 25,
      framesDecoded: 240,
      // Frames dropped for lack of time (framesDropped) are no decode errors.
      undecodable: 3,
      width: 1280,
      height: 720,
    });
    const early = readInboundVideo(
      report((e) => {
        e.inbound = { id: 'IT01V', type: 'inbound-rtp', kind: 'video' };
      }),
      5,
    );
    expect(early).toMatchObject({ atMs: 5, framesPerSecond: null, width: null, bytesReceived: 0 });
    expect(readInboundVideo(report((e) => void (e.inbound!.kind = 'audio')), 5)).toBeNull();
  });

});

describe('a stalled WebRTC picture', () => {
  const counters = (packetsReceived: number) => ({ packetsReceived, packetsLost: 0 });

  it('counts from the last reading in which video packets arrived', () => {
    // First reading: flowing now.
    expect(videoFlowAtMs(null, counters(10), 1_000, 0)).toBe(1_000);
    // More packets: flowing now.
    expect(videoFlowAtMs(counters(10), counters(25), 2_000, 1_000)).toBe(2_000);
    // None since: still the time they last came, so the silence grows until VIDEO_STALL_MS fails the picture.
    let flowAt = 2_000;
    for (let now = 3_000; now <= 2_000 + VIDEO_STALL_MS; now += 1_000) flowAt = videoFlowAtMs(counters(25), counters(25), now, flowAt);
    expect(flowAt).toBe(2_000);
  });

  it('waits longer than the slowest stream sends (a 1 fps camera at a quarter speed)', () => {
    expect(VIDEO_STALL_MS).toBeGreaterThan(4 * 1_000 * 2);
  });
});
