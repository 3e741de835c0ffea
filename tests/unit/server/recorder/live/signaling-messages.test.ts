import { describe, expect, it } from 'vitest';
import { parseClientMessage, sdpAcceptsH264 } from '../../../../../server/recorder/live/signaling-messages';

const answerSdp = (videoLines: string) =>
  ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0', videoLines].join('\r\n') + '\r\n';

describe('parseClientMessage', () => {
  it('reads a create with defaults for the optional numbers', () => {
    expect(parseClientMessage(JSON.stringify({ type: 'create', streamId: 's1', messageId: 7 }))).toEqual({
      ok: true,
      message: { type: 'create', streamId: 's1', time: 0, rate: 1, waitThres: 2000, messageId: 7 },
    });
  });

  it('answers bad JSON and non-objects with an error, not an exception', () => {
    const bad = parseClientMessage('{nope');
    expect(bad).toMatchObject({ ok: false, reply: { type: 'error', code: 'invalid-message', messageId: null } });
    expect(parseClientMessage('[1,2]')).toMatchObject({ ok: false, reply: { code: 'invalid-message' } });
    expect(parseClientMessage('null')).toMatchObject({ ok: false });
  });

  it('needs a messageId and a known type', () => {
    expect(parseClientMessage(JSON.stringify({ type: 'create', streamId: 's' }))).toMatchObject({ ok: false });
    expect(parseClientMessage(JSON.stringify({ type: 'offer', sdp: 'v=0\r\n', messageId: 'a' }))).toMatchObject({
      ok: false,
      reply: { code: 'invalid-message', messageId: 'a' },
    });
  });

  it('checks the create numbers', () => {
    const create = (extra: object) => parseClientMessage(JSON.stringify({ type: 'create', streamId: 's', messageId: 1, ...extra }));
    expect(create({ time: -5 })).toMatchObject({ ok: false });
    expect(create({ rate: 0 })).toMatchObject({ ok: false });
    expect(create({ rate: -1 })).toMatchObject({ ok: false });
    expect(create({ time: 'now' })).toMatchObject({ ok: false });
    expect(create({ waitThres: 1e9 })).toMatchObject({ ok: false });
    expect(create({ streamId: '' })).toMatchObject({ ok: false });
    expect(create({ time: 1_700_000_000_000, rate: 1, waitThres: 2000 })).toMatchObject({ ok: true });
  });

  it('accepts an answer as a string or as a description of type answer, and nothing else', () => {
    const sdp = answerSdp('m=video 9 UDP/TLS/RTP/SAVPF 102');
    expect(parseClientMessage(JSON.stringify({ type: 'answer', sdp, messageId: 2 }))).toMatchObject({
      ok: true,
      message: { type: 'answer', sdp },
    });
    expect(parseClientMessage(JSON.stringify({ type: 'answer', sdp: { type: 'answer', sdp }, messageId: 2 }))).toMatchObject({
      ok: true,
    });
    for (const bad of [{ type: 'offer', sdp }, {}, '', 'hello', 42]) {
      expect(parseClientMessage(JSON.stringify({ type: 'answer', sdp: bad, messageId: 2 }))).toMatchObject({
        ok: false,
        reply: { code: 'invalid-answer', messageId: 2 },
      });
    }
  });

  it('needs a candidate inside ice_candidate', () => {
    const ok = parseClientMessage(
      JSON.stringify({ type: 'ice_candidate', candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 }, messageId: 3 }),
    );
    expect(ok).toMatchObject({ ok: true, message: { candidate: { sdpMid: '0', sdpMLineIndex: 0 } } });
    for (const bad of [undefined, {}, { candidate: 5 }, 'candidate:1', { candidate: 'x', sdpMLineIndex: 'zero' }]) {
      expect(parseClientMessage(JSON.stringify({ type: 'ice_candidate', candidate: bad, messageId: 3 }))).toMatchObject({
        ok: false,
        reply: { code: 'invalid-candidate' },
      });
    }
  });
});

describe('sdpAcceptsH264', () => {
  it('finds H.264 among the accepted video formats', () => {
    expect(sdpAcceptsH264(answerSdp('m=video 9 UDP/TLS/RTP/SAVPF 102\r\na=rtpmap:102 H264/90000'))).toBe(true);
  });

  it('is false for a rejected video line, another codec, or no video', () => {
    expect(sdpAcceptsH264(answerSdp('m=video 0 UDP/TLS/RTP/SAVPF 102\r\na=rtpmap:102 H264/90000'))).toBe(false);
    expect(sdpAcceptsH264(answerSdp('m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000'))).toBe(false);
    expect(sdpAcceptsH264(answerSdp('m=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2'))).toBe(false);
    // H264 described but not among the m-line's formats.
    expect(sdpAcceptsH264(answerSdp('m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:102 H264/90000'))).toBe(false);
  });
});
