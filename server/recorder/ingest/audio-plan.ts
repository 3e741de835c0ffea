/**
 * What the ingest does with a camera's sound, decided from the SDP the
 * camera describes before each run (ffmpeg must be told its outputs before
 * it connects, and an output of a stream that is not there is an error):
 *
 *  - record: the first audio stream goes into the archive segments beside
 *    the video, for codecs Matroska takes from an RTSP stream as they are
 *    (G.711 µ-law and A-law, AAC as mpeg4-generic, Opus, linear PCM);
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
