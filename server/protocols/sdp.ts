/**
 * SDP (RFC 8866) for one H.264 video track, as an RTSP DESCRIBE answer:
 * payload type 96, 90 kHz, packetization-mode=1, profile-level-id and
 * sprop-parameter-sets (SPS and PPS in base64) so a client can configure
 * its decoder before the first keyframe arrives. Pure.
 */
import type { H264Codec } from './h264-source';

export interface H264SdpOptions {
  codec: H264Codec;
  /** Absolute control URL of the track (the client SETUPs it). */
  trackControlUrl: string;
  /** Address the server is reached at, for the o= line. */
  originAddress: string;
  sessionId?: string;
  sessionName?: string;
  payloadType?: number;
  frameRate?: number;
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function buildH264Sdp(opts: H264SdpOptions): string {
  const pt = opts.payloadType ?? 96;
  const { codec } = opts;
  const ipVersion = opts.originAddress.includes(':') ? 'IP6' : 'IP4';
  const lines = [
    'v=0',
    `o=- ${opts.sessionId ?? Date.now()} 1 IN ${ipVersion} ${opts.originAddress}`,
    `s=${opts.sessionName ?? 'H.264 live'}`,
    `c=IN ${ipVersion} ${ipVersion === 'IP4' ? '0.0.0.0' : '::'}`,
    't=0 0',
    'a=control:*',
    'a=range:npt=now-',
    `m=video 0 RTP/AVP ${pt}`,
    `a=rtpmap:${pt} H264/90000`,
    `a=fmtp:${pt} packetization-mode=1;profile-level-id=${codec.profileLevelId};sprop-parameter-sets=${base64(codec.sps)},${base64(codec.pps)}`,
    `a=framesize:${pt} ${codec.width}-${codec.height}`,
    ...(opts.frameRate ? [`a=framerate:${opts.frameRate}`] : []),
    `a=control:${opts.trackControlUrl}`,
  ];
  return lines.join('\r\n') + '\r\n';
}
