/**
 * What the ingest does with a camera's sound, decided from the SDP the
 * camera describes before each run (ffmpeg must be told its outputs before
 * it connects, and an output of a stream that is not there is an error):
 *
 *  - record: the first audio stream can go into the archive segments beside
 *    the video, for codecs Matroska takes from an RTSP stream as they are
 *    (G.711 µ-law and A-law, AAC as mpeg4-generic, Opus, linear PCM); it
 *    does only where RECORD_SOUND says so;
 *  - liveMulaw: G.711 µ-law is also handed to live listeners (WebRTC, the
 *    RTSP restream) as it arrives.
 *
 * A camera that described no sound, or could not be asked, is recorded as
 * video only (as before there was sound). Pure.
 */
import { readSdpMedia } from '../../protocols/sdp';

export interface AudioPlan {
  record: boolean;
  liveMulaw: boolean;
  /** The camera's audio encoding as its SDP names it (diagnostics), if it has sound. */
  encoding: string | undefined;
}

export const NO_AUDIO: AudioPlan = { record: false, liveMulaw: false, encoding: undefined };

/**
 * Whether recordable sound really goes into the archive segments. Off for
 * now, and the archive is video only: with the sound in the segment the
 * archive's times are stamped up to 0.7 s early against the time burnt into
 * the picture (an export of a moment starts that much late, and the segment
 * being written ends up to that much before its index entry). The likely
 * cause, not yet proven: the clock anchor (clock-anchor.ts) reads ffmpeg's
 * progress, which follows the newest packet of either stream, and the
 * sound's timestamps run ahead of the picture's (in a segment recorded from
 * the simulator the first sound packet sat 0.46 s after the first picture,
 * which the camera sends from its last keyframe). Turning it on needs an
 * anchor taken from the picture's packets alone, checked by the export and
 * recording tests run many times. The live sound does not depend on it.
 */
export const RECORD_SOUND = false;

const RECORDABLE = new Set(['PCMU', 'PCMA', 'MPEG4-GENERIC', 'OPUS', 'L16']);

export function audioPlanFromSdp(sdp: string | undefined): AudioPlan {
  if (sdp === undefined) return NO_AUDIO;
  const audio = readSdpMedia(sdp).find((media) => media.kind === 'audio');
  if (!audio) return NO_AUDIO;
  return {
    record: RECORDABLE.has(audio.encoding),
    liveMulaw: audio.encoding === 'PCMU' && audio.clockRate === 8000 && audio.channels === 1,
    encoding: audio.encoding || `payload type ${audio.payloadType}`,
  };
}
