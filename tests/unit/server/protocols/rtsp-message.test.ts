import { describe, expect, it } from 'vitest';
import { frameInterleaved, parseTransport, RtspProtocolError, RtspStreamReader, serializeResponse } from '../../../../server/protocols/rtsp-message';
import { parseRtspUri } from '../../../../server/protocols/rtsp-server';

const bytes = (text: string): Uint8Array => Buffer.from(text, 'latin1');

describe('RtspStreamReader', () => {
  it('reads requests split across chunks, with bodies, between interleaved frames', () => {
    const reader = new RtspStreamReader();
    const request = 'SET_PARAMETER rtsp://h/cam1/main RTSP/1.0\r\nCSeq: 5\r\nContent-Length: 4\r\nX-A: 1\r\nX-A: 2\r\n\r\nbody';
    const stream = Buffer.concat([frameInterleaved(1, Uint8Array.of(1, 2, 3)), bytes(request), bytes('OPTIONS * RTSP/1.0\r\nCSeq: 6\r\n\r\n')]);
    const chunks = [];
    for (let i = 0; i < stream.length; i += 7) chunks.push(...reader.push(stream.subarray(i, i + 7)));
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toEqual({ type: 'interleaved', channel: 1, payload: Uint8Array.of(1, 2, 3) });
    const first = chunks[1]!;
    if (first.type !== 'request') throw new Error('expected a request');
    expect(first.request).toMatchObject({ method: 'SET_PARAMETER', uri: 'rtsp://h/cam1/main', version: 'RTSP/1.0' });
    expect(first.request.headers['cseq']).toBe('5');
    expect(first.request.headers['x-a']).toBe('1, 2');
    expect(Buffer.from(first.request.body).toString()).toBe('body');
    expect(chunks[2]).toMatchObject({ type: 'request', request: { method: 'OPTIONS', uri: '*' } });
  });

  it('refuses oversized heads and bodies and garbage request lines', () => {
    expect(() => new RtspStreamReader(64).push(bytes('OPTIONS * RTSP/1.0\r\n' + 'X: y\r\n'.repeat(20)))).toThrow(RtspProtocolError);
    expect(() => new RtspStreamReader().push(bytes('GET / RTSP/1.0\r\nContent-Length: 999999\r\n\r\n'))).toThrow(RtspProtocolError);
    expect(() => new RtspStreamReader().push(bytes('hello there\r\n\r\n'))).toThrow(RtspProtocolError);
  });
});

describe('parseTransport', () => {
  it('reads interleaved TCP and UDP client ports, skipping multicast', () => {
    expect(parseTransport('RTP/AVP/TCP;unicast;interleaved=2-3')).toEqual({ kind: 'tcp', rtpChannel: 2, rtcpChannel: 3 });
    expect(parseTransport('RTP/AVP;unicast;client_port=5000-5001')).toEqual({ kind: 'udp', rtpPort: 5000, rtcpPort: 5001 });
    expect(parseTransport('RTP/AVP/UDP;unicast;client_port=6000')).toEqual({ kind: 'udp', rtpPort: 6000, rtcpPort: 6001 });
    expect(parseTransport('RTP/AVP;multicast;port=5000-5001,RTP/AVP/TCP;unicast')).toEqual({ kind: 'tcp', rtpChannel: 0, rtcpChannel: 1 });
    expect(parseTransport('RTP/AVP;multicast')).toBeUndefined();
    expect(parseTransport(undefined)).toBeUndefined();
  });
});

describe('serializeResponse', () => {
  it('writes the status line, repeated headers and Content-Length', () => {
    const text = serializeResponse(401, [['CSeq', '3'], ['WWW-Authenticate', 'Digest a'], ['WWW-Authenticate', 'Basic b']], 'x').toString();
    expect(text).toBe('RTSP/1.0 401 Unauthorized\r\nCSeq: 3\r\nWWW-Authenticate: Digest a\r\nWWW-Authenticate: Basic b\r\nContent-Length: 1\r\n\r\nx');
  });
});

describe('parseRtspUri', () => {
  it('splits path and query and strips the track suffix wherever it was appended', () => {
    expect(parseRtspUri('rtsp://user:pw@127.0.0.1:8554/cam1/main/trackID=0')).toMatchObject({ origin: 'rtsp://127.0.0.1:8554', path: '/cam1/main', search: '' });
    const live = parseRtspUri('rtsp://h:9554/orchid/live/trackID=0?id=abc')!;
    expect(live.path).toBe('/orchid/live');
    expect(live.query.get('id')).toBe('abc');
    const appended = parseRtspUri('rtsp://h:9554/orchid/live?id=abc/trackID=0')!;
    expect(appended.path).toBe('/orchid/live');
    expect(appended.query.get('id')).toBe('abc');
    expect(parseRtspUri('*')).toBeUndefined();
  });

  it('says which track a URI names (video 0, audio 1), and none for the aggregate URL', () => {
    expect(parseRtspUri('rtsp://h:554/cam1/main/trackID=1')).toMatchObject({ path: '/cam1/main', track: 1 });
    expect(parseRtspUri('rtsp://h:9554/orchid/live/trackID=0?id=abc')).toMatchObject({ path: '/orchid/live', track: 0 });
    expect(parseRtspUri('rtsp://h:9554/orchid/live?id=abc/trackID=1')).toMatchObject({ path: '/orchid/live', track: 1 });
    expect(parseRtspUri('rtsp://h:554/cam1/main')!.track).toBeUndefined();
  });
});
