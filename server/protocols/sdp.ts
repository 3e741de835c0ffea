/**
 * SDP (RFC 8866) for an RTSP DESCRIBE answer: one H.264 video track
 * (payload type 96, 90 kHz, packetization-mode=1, profile-level-id and
 * sprop-parameter-sets, SPS and PPS in base64, so a client can configure
 * its decoder before the first keyframe arrives) and, when the source has
 * sound, a second track of G.711 µ-law (static payload type 0, 8 kHz mono,
 * 20 ms packets). Also reads the media a camera describes (readSdpMedia),
 * so the recorder knows whether a camera sends sound and in which codec.
 * Pure.
 */
import type { AudioFormat } from './audio-source';
import type { H264Codec } from './h264-source';

export interface AudioSdpTrack {
  format: AudioFormat;
  payloadType: number;
  /** Absolute control URL of the audio track. */
  trackControlUrl: string;
  packetMs?: number;
}

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
  /** The sound track, listed after the video. */
  audio?: AudioSdpTrack;
}

function audioLines(audio: AudioSdpTrack): string[] {
  const pt = audio.payloadType;
  const channels = audio.format.channels === 1 ? '' : `/${audio.format.channels}`;
  return [
    `m=audio 0 RTP/AVP ${pt}`,
    `a=rtpmap:${pt} ${audio.format.encoding}/${audio.format.clockRate}${channels}`,
    ...(audio.packetMs ? [`a=ptime:${audio.packetMs}`] : []),
    `a=control:${audio.trackControlUrl}`,
  ];
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
    ...(opts.audio ? audioLines(opts.audio) : []),
  ];
  return lines.join('\r\n') + '\r\n';
}

/** One m= section of an SDP as a client needs it: kind, first payload type, its encoding, clock and channels. */
export interface SdpMedia {
  kind: string;
  payloadType: number;
  /** Upper-case encoding name (PCMU, PCMA, H264, MPEG4-GENERIC ...); for static payload types without rtpmap, the RFC 3551 name. */
  encoding: string;
  clockRate: number;
  channels: number;
}

/** RFC 3551 static audio payload types a camera may send without an rtpmap line. */
const STATIC_AUDIO: Record<number, { encoding: string; clockRate: number }> = {
  0: { encoding: 'PCMU', clockRate: 8000 },
  8: { encoding: 'PCMA', clockRate: 8000 },
  14: { encoding: 'MPA', clockRate: 90_000 },
};

/** The media sections of an SDP, in order (the first payload type of each is the one that counts). */
export function readSdpMedia(sdp: string): SdpMedia[] {
  const out: SdpMedia[] = [];
  let current: SdpMedia | undefined;
  for (const raw of sdp.split(/\r?\n/)) {
    const line = raw.trim();
    const media = /^m=(\w+) \d+(?:\/\d+)? \S+ (\d+)/.exec(line);
    if (media) {
      const payloadType = Number(media[2]);
      const known = media[1] === 'audio' ? STATIC_AUDIO[payloadType] : undefined;
      current = { kind: media[1]!, payloadType, encoding: known?.encoding ?? '', clockRate: known?.clockRate ?? 0, channels: 1 };
      out.push(current);
      continue;
    }
    const rtpmap = /^a=rtpmap:(\d+) ([^/\s]+)\/(\d+)(?:\/(\d+))?/.exec(line);
    if (current && rtpmap && Number(rtpmap[1]) === current.payloadType) {
      current.encoding = rtpmap[2]!.toUpperCase();
      current.clockRate = Number(rtpmap[3]);
      current.channels = rtpmap[4] ? Number(rtpmap[4]) : 1;
    }
  }
  return out;
}
