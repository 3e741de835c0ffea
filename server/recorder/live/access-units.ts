/**
 * Small operations on access units for delivery: Annex-B bytes for an
 * ffmpeg stdin, and SPS/PPS put in front of a keyframe that came without
 * them (an RTSP camera may send parameter sets only in its SDP; a decoder
 * joining at that keyframe needs them in-band). Pure.
 */
import { type AccessUnit, NAL_AUD, NAL_PPS, NAL_SPS, nalType } from '../../protocols/h264';
import type { H264Codec } from '../../protocols/h264-source';

const START_CODE = Uint8Array.of(0, 0, 0, 1);

/** The access unit as Annex-B: each NAL after a 4-byte start code. */
export function toAnnexB(au: Pick<AccessUnit, 'nalus'>): Buffer {
  const parts: Uint8Array[] = [];
  for (const nalu of au.nalus) parts.push(START_CODE, nalu);
  return Buffer.concat(parts);
}

/** An access unit delimiter (primary_pic_type 7: any slice type), with its start code. */
const AUD = Uint8Array.of(0, 0, 0, 1, NAL_AUD, 0xf0);

/**
 * The access unit as Annex-B for a decoder reading a pipe, closed by an
 * access unit delimiter: a raw H.264 parser knows a picture is complete only
 * when the next one starts, so without it every picture would wait for the
 * next (a whole GOP when only keyframes are sent). The unit's own
 * delimiters are dropped so none is doubled.
 */
export function toClosedAnnexB(au: Pick<AccessUnit, 'nalus'>): Buffer {
  const parts: Uint8Array[] = [];
  for (const nalu of au.nalus) if (nalType(nalu) !== NAL_AUD) parts.push(START_CODE, nalu);
  parts.push(AUD);
  return Buffer.concat(parts);
}

/** A keyframe with the codec's SPS and PPS first when it lacks them; anything else unchanged. */
export function withParameterSets(au: AccessUnit, codec: Pick<H264Codec, 'sps' | 'pps'> | undefined): AccessUnit {
  if (!au.keyframe || !codec) return au;
  const types = new Set(au.nalus.map(nalType));
  if (types.has(NAL_SPS) && types.has(NAL_PPS)) return au;
  const rest = au.nalus.filter((nalu) => {
    const type = nalType(nalu);
    return type !== NAL_SPS && type !== NAL_PPS;
  });
  return { ...au, nalus: [codec.sps, codec.pps, ...rest] };
}
