import { describe, expect, it } from 'vitest';
import { PCMU_FORMAT } from '../../../../server/protocols/audio-source';
import { buildH264Sdp } from '../../../../server/protocols/sdp';

const sps = Uint8Array.from(Buffer.from('6742c01fda014016ec0440000003004000000ca3c60ca8', 'hex'));
const pps = Uint8Array.from(Buffer.from('68ce0fc8', 'hex'));

describe('buildH264Sdp', () => {
  const sdp = buildH264Sdp({
    codec: { sps, pps, width: 1280, height: 720, profileLevelId: '42c01f' },
    trackControlUrl: 'rtsp://127.0.0.1:8554/orchid/live/trackID=0?id=7',
    originAddress: '127.0.0.1',
    sessionId: '42',
    sessionName: 'Test',
  });
  const lines = sdp.split('\r\n');

  it('describes one H.264 video track at 90 kHz with packetization-mode 1', () => {
    expect(lines[0]).toBe('v=0');
    expect(lines).toContain('o=- 42 1 IN IP4 127.0.0.1');
    expect(lines).toContain('s=Test');
    expect(lines).toContain('m=video 0 RTP/AVP 96');
    expect(lines).toContain('a=rtpmap:96 H264/90000');
    expect(lines.filter((l) => l.startsWith('m='))).toHaveLength(1);
  });

  it('carries profile-level-id and the SPS/PPS as sprop-parameter-sets', () => {
    const fmtp = lines.find((l) => l.startsWith('a=fmtp:96 '))!;
    expect(fmtp).toContain('packetization-mode=1');
    expect(fmtp).toContain('profile-level-id=42c01f');
    const sprop = /sprop-parameter-sets=([^;]+)/.exec(fmtp)![1]!.split(',');
    expect(Buffer.from(sprop[0]!, 'base64')).toEqual(Buffer.from(sps));
    expect(Buffer.from(sprop[1]!, 'base64')).toEqual(Buffer.from(pps));
  });

  it('gives the absolute track control URL after the media line and ends with CRLF', () => {
    expect(lines.indexOf('a=control:rtsp://127.0.0.1:8554/orchid/live/trackID=0?id=7')).toBeGreaterThan(lines.indexOf('m=video 0 RTP/AVP 96'));
    expect(sdp.endsWith('\r\n')).toBe(true);
    expect(sdp).not.toMatch(/[^\r]\n/);
  });
});

describe('buildH264Sdp with sound', () => {
  const sdp = buildH264Sdp({
    codec: { sps, pps, width: 1280, height: 720, profileLevelId: '42c01f' },
    trackControlUrl: 'rtsp://127.0.0.1:554/cam1/main/trackID=0',
    originAddress: '127.0.0.1',
    audio: { format: PCMU_FORMAT, payloadType: 0, trackControlUrl: 'rtsp://127.0.0.1:554/cam1/main/trackID=1', packetMs: 20 },
  });
  const lines = sdp.split('\r\n');

  it('adds a PCMU audio track (static payload type 0, 8 kHz, 20 ms) after the video, with its own control URL', () => {
    expect(lines.filter((l) => l.startsWith('m='))).toEqual(['m=video 0 RTP/AVP 96', 'm=audio 0 RTP/AVP 0']);
    const audio = lines.slice(lines.indexOf('m=audio 0 RTP/AVP 0'));
    expect(audio).toContain('a=rtpmap:0 PCMU/8000');
    expect(audio).toContain('a=ptime:20');
    expect(audio).toContain('a=control:rtsp://127.0.0.1:554/cam1/main/trackID=1');
    const video = lines.slice(0, lines.indexOf('m=audio 0 RTP/AVP 0'));
    expect(video).toContain('a=control:rtsp://127.0.0.1:554/cam1/main/trackID=0');
  });
});
