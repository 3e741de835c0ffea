/**
 * The messages between the single player (/player, in a frame) and the page
 * that embeds it (window.postMessage; docs/embedding.md). Shared by the
 * client and the example embedding host, so both sides spell them once.
 *
 * Player → page, posted to the parent with target origin '*' (the player
 * cannot know who embeds it; these carry no secret):
 *   { type: 'argus-token-request', reason }   "send me a token": on start
 *                                             ('start'), before the current
 *                                             one expires ('renew'), after one
 *                                             was refused or lapsed ('rejected')
 *   { type: 'argus-player-status', status, error }   what the player shows
 *
 * Page → player, posted to the frame's window with the recorder's origin as
 * target origin (never '*': a token is a credential):
 *   { type: 'argus-token', token }            a JWT of the trusted issuer
 *
 * The player takes a token message from its parent window only
 * (event.source === window.parent), from whatever origin the parent has.
 */

export const TOKEN_MESSAGE = 'argus-token';
export const TOKEN_REQUEST_MESSAGE = 'argus-token-request';
export const PLAYER_STATUS_MESSAGE = 'argus-player-status';

/** Longest token accepted from the page (the recorder refuses longer JWTs anyway). */
export const MAX_EMBED_TOKEN_CHARS = 8192;

export type TokenRequestReason = 'start' | 'renew' | 'rejected';

/** What the single player shows, as the page hears it. */
export type SinglePlayerStatus = 'waiting-for-token' | 'authenticating' | 'loading' | 'ready' | 'error';

/** Why the single player cannot play (spec 8): its error screens. */
export type SinglePlayerErrorCode = 'no-access' | 'stream-unavailable' | 'authentication-failed' | 'camera-info-failed';

export interface TokenMessage {
  type: typeof TOKEN_MESSAGE;
  token: string;
}

export interface TokenRequestMessage {
  type: typeof TOKEN_REQUEST_MESSAGE;
  reason: TokenRequestReason;
}

export interface PlayerStatusMessage {
  type: typeof PLAYER_STATUS_MESSAGE;
  status: SinglePlayerStatus;
  error: SinglePlayerErrorCode | null;
}

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The token of a well-formed token message, or null for anything else. */
export function tokenOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<TokenMessage>;
  if (message.type !== TOKEN_MESSAGE || typeof message.token !== 'string') return null;
  const token = message.token.trim();
  return token.length <= MAX_EMBED_TOKEN_CHARS && COMPACT_JWS.test(token) ? token : null;
}

/** Whether `data` is the player's request for a token. */
export function isTokenRequest(data: unknown): data is TokenRequestMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === TOKEN_REQUEST_MESSAGE;
}
