import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioHub } from '../../../../server/protocols/audio-source';
import { parseSenderReport } from '../../../../server/protocols/rtcp';
import { RtspAudioSession } from '../../../../server/protocols/rtsp-audio-session';
import type { MediaTransport, PlayInfo } from '../../../../server/protocols/rtsp-session';

/** A transport that records what a track sends, in order. */
function recordingTransport() {
  const sent: Array<{ kind: 'rtp' | 'rtcp'; packet: Uint8Array }> = [];
  const transport: MediaTransport = {
    sendRtp: (packet) => sent.push({ kind: 'rtp', packet }),
    sendRtcp: (packet) => sent.push({ kind: 'rtcp', packet }),
    bufferedBytes: () => 0,
  };
  return { sent, transport };
}

const rtpTimestamp = (packet: Uint8Array) => new DataView(packet.buffer, packet.byteOffset).getUint32(4);
const frame = (timeMs: number) => ({ timeMs, payload: new Uint8Array(160).fill(0xff) });

describe('RTP track sender (sound track of an RTSP session)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('sends no sender report before there is media, then one just before the first packet', () => {
    const hub = new AudioHub();
    const { sent, transport } = recordingTransport();
    const track = new RtspAudioSession(hub, transport, undefined, 1000);
    let info: PlayInfo | undefined;
    track.play((i) => (info = i));
    vi.advanceTimersByTime(3000);
    expect(sent).toEqual([]);

    hub.push(frame(Date.now()));
    expect(sent.map((s) => s.kind)).toEqual(['rtcp', 'rtp']);
    const report = parseSenderReport(sent[0]!.packet)!;
    expect(report.ssrc).toBe(track.ssrc);
    // The report and the packet are on one clock: the frame captured now has the report's RTP time.
    expect(rtpTimestamp(sent[1]!.packet)).toBe(report.rtpTimestamp);
    // PLAY's RTP-Info starts the same clock: 3 s later at 8 kHz is 24000 ticks on.
    expect((report.rtpTimestamp - info!.rtpTimestamp) >>> 0).toBe(24_000);
  });

  it('reports every interval while playing and stops on pause', () => {
    const hub = new AudioHub();
    const { sent, transport } = recordingTransport();
    const track = new RtspAudioSession(hub, transport, undefined, 1000);
    track.play(() => undefined);
    hub.push(frame(Date.now()));
    vi.advanceTimersByTime(3000);
    expect(sent.filter((s) => s.kind === 'rtcp')).toHaveLength(4);
    expect(track.playing).toBe(true);

    track.pause();
    expect(track.playing).toBe(false);
    expect(hub.subscriberCount).toBe(0);
    const before = sent.length;
    vi.advanceTimersByTime(5000);
    hub.push(frame(Date.now()));
    expect(sent).toHaveLength(before);
  });
});
