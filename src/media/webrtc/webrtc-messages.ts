/**
 * WebRTC signalling on /service/streams/webrtc (spec 5, 7): the client's
 * messages and the checks of the server's (an offer must be type offer with
 * an sdp; a candidate must have its candidate string), and what each
 * failure means to the player (spec 8 playback errors; autoplay blocked and
 * unsupported media are not recoverable, so the player switches to low
 * bandwidth; the recorder's refusals become the player's codes through
 * core/player/playback-errors.ts). Pure: tested without a browser.
 */
import type { IceCandidateInit, MessageId, WebRtcClientMessage, WebRtcServerMessage } from '../../../server/shared/api';
import { playerErrorCode, type PlayerFailure } from '../../core/player';

/**
 * The live video receiver's jitter buffer hint (RTCRtpReceiver.jitterBufferTarget,
 * ms): the least the browser will hold before it shows a picture. On a LAN a
 * camera's packets come evenly, and live is watched to steer cameras.
 */
export const LIVE_JITTER_BUFFER_TARGET_MS = 0;

export const WEBRTC_ERROR = {
  iceFailed: 'iceFailed',
  iceClosed: 'iceClosed',
  iceTimeout: 'iceTimeout',
  peerConnectionClosed: 'peerConnectionClosed',
  peerConnectionDisconnected: 'peerConnectionDisconnected',
  invalidOffer: 'invalidOffer',
  invalidAnswer: 'invalidAnswer',
  invalidCandidate: 'invalidCandidate',
  webSocketError: 'webSocketError',
  webSocketClosed: 'webSocketClosed',
  webSocketFailedSend: 'webSocketFailedSend',
  noPackets: 'noPackets',
  packetLoss: 'packetLoss',
  unableToDecode: 'unableToDecode',
  unknown: 'unknown',
  autoplayBlocked: 'autoplayBlocked',
  unsupportedMediaFormat: 'unsupportedMediaFormat',
} as const;

/** Spec 9: the wait threshold sent with create (2000 ms at speed 1). */
export const WEBRTC_WAIT_THRESHOLD_MS = 2000;

export function createMessage(streamId: string, timeMs: number, speed: number, messageId: MessageId): WebRtcClientMessage {
  return { type: 'create', streamId, time: timeMs, rate: speed, waitThres: WEBRTC_WAIT_THRESHOLD_MS * Math.max(1, Math.abs(speed)), messageId };
}

export type ServerReading =
  | { kind: 'offer'; sdp: string }
  | { kind: 'candidate'; candidate: IceCandidateInit }
  | { kind: 'failure'; failure: PlayerFailure };

/**
 * Reads one server message; anything malformed is a failure with the
 * catalogue's code. `live` says what was asked (a refusal for lack of
 * permission names live video or playback).
 */
export function readServerMessage(text: string, live = true): ServerReading {
  let message: Partial<WebRtcServerMessage> & { type?: unknown };
  try {
    message = JSON.parse(text) as typeof message;
  } catch {
    return { kind: 'failure', failure: { code: WEBRTC_ERROR.unknown, recoverable: true, message: 'Unreadable signalling message' } };
  }
  switch (message.type) {
    case 'offer': {
      const sdp = (message as { sdp?: unknown }).sdp;
      if (typeof sdp !== 'string' || sdp === '') return { kind: 'failure', failure: { code: WEBRTC_ERROR.invalidOffer, recoverable: true } };
      return { kind: 'offer', sdp };
    }
    case 'ice_candidate': {
      const candidate = (message as { candidate?: Partial<IceCandidateInit> }).candidate;
      if (!candidate || typeof candidate.candidate !== 'string') {
        return { kind: 'failure', failure: { code: WEBRTC_ERROR.invalidCandidate, recoverable: true } };
      }
      return { kind: 'candidate', candidate: candidate as IceCandidateInit };
    }
    case 'incompatible':
      return {
        kind: 'failure',
        failure: { code: WEBRTC_ERROR.unsupportedMediaFormat, recoverable: false, message: String((message as { reason?: unknown }).reason ?? '') },
      };
    case 'error': {
      const { code, reason } = message as { code?: unknown; reason?: unknown };
      const status = String(code ?? '');
      const notAvailable = /forbidden|not.?found|permission|403|404/i.test(status);
      return {
        kind: 'failure',
        failure: {
          code: playerErrorCode(status, { live, fallback: WEBRTC_ERROR.unknown }),
          recoverable: !notAvailable,
          notAvailable,
          message: String(reason ?? status),
        },
      };
    }
    default:
      return { kind: 'failure', failure: { code: WEBRTC_ERROR.unknown, recoverable: true, message: `Unexpected message ${String(message.type)}` } };
  }
}
