import { describe, expect, it } from 'vitest';
import { audioPlanFromSdp } from '../../../../../server/recorder/ingest/audio-plan';
import { MulawFramer, RESYNC_MS } from '../../../../../server/recorder/ingest/mulaw-framer';
import { readSdpMedia } from '../../../../../server/protocols/sdp';

const sdp = (...media: string[]) => ['v=0', 'o=- 1 1 IN IP4 10.0.0.9', 's=cam', 't=0 0', ...media].join('\r\n') + '\r\n';
const VIDEO = 'm=video 0 RTP/AVP 96\r\na=rtpmap:96 H264/90000\r\na=control:trackID=0';

describe('readSdpMedia', () => {
  it('reads each media section: kind, first payload type, encoding, clock and channels', () => {
    const media = readSdpMedia(sdp(VIDEO, 'm=audio 0 RTP/AVP 97\r\na=rtpmap:97 MPEG4-GENERIC/16000/2\r\na=fmtp:97 config=1410', 'm=audio 0 RTP/AVP 8'));
    expect(media).toEqual([
      { kind: 'video', payloadType: 96, encoding: 'H264', clockRate: 90_000, channels: 1 },
      { kind: 'audio', payloadType: 97, encoding: 'MPEG4-GENERIC', clockRate: 16_000, channels: 2 },
      // A static payload type needs no rtpmap.
      { kind: 'audio', payloadType: 8, encoding: 'PCMA', clockRate: 8000, channels: 1 },
    ]);
  });
});

describe('audioPlanFromSdp', () => {
  it('records and relays G.711 µ-law', () => {
    expect(audioPlanFromSdp(sdp(VIDEO, 'm=audio 0 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000'))).toEqual({ record: true, liveMulaw: true, encoding: 'PCMU' });
  });

  it('records codecs Matroska takes as they are, without live sound', () => {
    expect(audioPlanFromSdp(sdp(VIDEO, 'm=audio 0 RTP/AVP 8'))).toEqual({ record: true, liveMulaw: false, encoding: 'PCMA' });
    expect(audioPlanFromSdp(sdp(VIDEO, 'm=audio 0 RTP/AVP 97\r\na=rtpmap:97 mpeg4-generic/8000/1'))).toMatchObject({ record: true, liveMulaw: false });
  });

  it('leaves out sound it cannot be sure to record, and cameras without sound or without an answer', () => {
    expect(audioPlanFromSdp(sdp(VIDEO, 'm=audio 0 RTP/AVP 98\r\na=rtpmap:98 MP4A-LATM/16000'))).toEqual({ record: false, liveMulaw: false, encoding: 'MP4A-LATM' });
    expect(audioPlanFromSdp(sdp(VIDEO))).toEqual({ record: false, liveMulaw: false, encoding: undefined });
    expect(audioPlanFromSdp(undefined)).toEqual({ record: false, liveMulaw: false, encoding: undefined });
  });
});

describe('MulawFramer', () => {
  it('cuts any chunking into 160-byte frames, 20 ms apart, the first stamped as ending when it arrived', () => {
    const framer = new MulawFramer();
    const bytes = Uint8Array.from({ length: 480 }, (_, i) => i & 0xff);
    expect(framer.push(bytes.subarray(0, 100), 1_000)).toEqual([]);
    const frames = [...framer.push(bytes.subarray(100, 330), 1_020), ...framer.push(bytes.subarray(330), 1_031)];
    expect(frames.map((f) => f.timeMs)).toEqual([980, 1_000, 1_020]);
    expect(Buffer.concat(frames.map((f) => f.payload))).toEqual(Buffer.from(bytes));
  });

  it('keeps stamps 20 ms apart through jitter, and stamps from arrival again after a gap', () => {
    const framer = new MulawFramer();
    const frame = new Uint8Array(160);
    const times = [1_000, 1_050, 1_051, 1_090].flatMap((at) => framer.push(frame, at).map((f) => f.timeMs));
    expect(times).toEqual([980, 1_000, 1_020, 1_040]);
    const after = framer.push(frame, 1_100 + RESYNC_MS * 2)[0]!.timeMs;
    expect(after).toBe(1_080 + RESYNC_MS * 2);
  });
});
