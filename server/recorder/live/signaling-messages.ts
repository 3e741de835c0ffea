/**
 * Reads and checks the client messages of the WebRTC signalling socket
 * (spec 7 messages, spec 5 rules: an answer must be of type answer with an
 * sdp, a candidate must have a candidate). Pure: text in, a typed message or
 * an error reply out, so a malformed message is answered, never thrown.
 * Also the SDP check that decides 'incompatible' (no H.264 in the answer).
 */
import type { IceCandidateInit, MessageId, WebRtcClientMessage, WebRtcServerMessage } from '../../shared/api';

/** Largest SDP accepted; a browser answer is a few KB. */
export const MAX_SDP_CHARS = 32 * 1024;
/** Upper bound of waitThres (spec 9: 2000 ms times speed; 64x is the fastest speed). */
export const MAX_WAIT_THRES_MS = 2000 * 64;

export type ParsedClientMessage =
  | { ok: true; message: WebRtcClientMessage }
  | { ok: false; reply: Extract<WebRtcServerMessage, { type: 'error' }> };

const fail = (code: string, reason: string, messageId: MessageId | null): ParsedClientMessage => ({
  ok: false,
  reply: { type: 'error', code, reason, messageId },
});

function readMessageId(value: unknown): MessageId | null {
  if (typeof value === 'string' && value.length <= 128) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function readCandidate(value: unknown): IceCandidateInit | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const c = value as Record<string, unknown>;
  if (typeof c.candidate !== 'string' || c.candidate.length > 1024) return undefined;
  if (c.sdpMid !== undefined && c.sdpMid !== null && typeof c.sdpMid !== 'string') return undefined;
  if (c.sdpMLineIndex !== undefined && c.sdpMLineIndex !== null && !Number.isInteger(c.sdpMLineIndex)) return undefined;
  return {
    candidate: c.candidate,
    sdpMid: (c.sdpMid as string | null | undefined) ?? null,
    sdpMLineIndex: (c.sdpMLineIndex as number | null | undefined) ?? null,
    usernameFragment: typeof c.usernameFragment === 'string' ? c.usernameFragment : null,
  };
}

/** Parses one text frame from the client. */
export function parseClientMessage(text: string): ParsedClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('invalid-message', 'The message is not valid JSON.', null);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('invalid-message', 'The message must be a JSON object.', null);
  }
  const m = value as Record<string, unknown>;
  const messageId = readMessageId(m.messageId);
  if (messageId === null) return fail('invalid-message', 'The message has no messageId.', null);
  switch (m.type) {
    case 'create': {
      if (typeof m.streamId !== 'string' || m.streamId.length === 0 || m.streamId.length > 128) {
        return fail('invalid-message', 'create needs a streamId.', messageId);
      }
      const time = m.time ?? 0;
      if (!isFiniteNumber(time) || time < 0) return fail('invalid-message', 'time must be epoch ms, or 0 for live.', messageId);
      const rate = m.rate ?? 1;
      if (!isFiniteNumber(rate) || rate <= 0 || rate > 64) {
        return fail('invalid-message', 'rate must be a forward speed above 0 and at most 64.', messageId);
      }
      const waitThres = m.waitThres ?? 2000;
      if (!isFiniteNumber(waitThres) || waitThres < 0 || waitThres > MAX_WAIT_THRES_MS) {
        return fail('invalid-message', `waitThres must be between 0 and ${MAX_WAIT_THRES_MS} ms.`, messageId);
      }
      return { ok: true, message: { type: 'create', streamId: m.streamId, time, rate, waitThres, messageId } };
    }
    case 'answer': {
      const sdp = typeof m.sdp === 'object' && m.sdp !== null ? (m.sdp as Record<string, unknown>) : undefined;
      // Accept both { sdp: '...' } and { sdp: { type: 'answer', sdp: '...' } } (an RTCSessionDescription).
      const text = typeof m.sdp === 'string' ? m.sdp : sdp?.type === 'answer' ? sdp.sdp : undefined;
      if (typeof text !== 'string' || text.length === 0) {
        return fail('invalid-answer', 'The answer must be of type answer and carry an sdp.', messageId);
      }
      if (text.length > MAX_SDP_CHARS) return fail('invalid-answer', 'The answer sdp is too large.', messageId);
      if (!/^v=0\r?\n/.test(text)) return fail('invalid-answer', 'The answer sdp is not a session description.', messageId);
      return { ok: true, message: { type: 'answer', sdp: text, messageId } };
    }
    case 'ice_candidate': {
      const candidate = readCandidate(m.candidate);
      if (!candidate) return fail('invalid-candidate', 'The ICE candidate must have a candidate.', messageId);
      return { ok: true, message: { type: 'ice_candidate', candidate, messageId } };
    }
    default:
      return fail('invalid-message', `Unknown message type '${String(m.type)}'.`, messageId);
  }
}

/**
 * Whether an SDP accepts H.264 video: a video m-line with a non-zero port
 * (or bundle-only) whose formats include an rtpmap of H264/90000.
 */
export function sdpAcceptsH264(sdp: string): boolean {
  const sections = sdp.split(/\r?\nm=/).slice(1);
  return sections.some((section) => {
    const [mline = ''] = section.split(/\r?\n/, 1);
    const [kind, port, , ...formats] = mline.split(' ');
    if (kind !== 'video') return false;
    if (port === '0' && !/\r?\na=bundle-only/.test(section)) return false;
    const h264 = [...section.matchAll(/a=rtpmap:(\d+) H264\/90000/gi)].map((match) => match[1]);
    return h264.some((pt) => formats.includes(pt!));
  });
}
