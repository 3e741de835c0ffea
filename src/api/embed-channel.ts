/**
 * The single player's side of the token handshake with the page that
 * embeds it (server/shared/embed-messages.ts; docs/embedding.md): asks the
 * parent window for a token, hears tokens from it, and tells it what the
 * player shows.
 *
 * A token is taken only from the parent window itself (event.source), from
 * whatever origin the parent has: the player cannot know in advance who
 * embeds it, and the recorder's frame-ancestors (--embed-origins) already
 * decide who may. What goes to the parent ('*' as target origin, since its
 * origin is unknown) is a request or a status: never a token, a session or
 * anything from the recorder.
 */
import {
  PLAYER_STATUS_MESSAGE,
  TOKEN_REQUEST_MESSAGE,
  tokenOf,
  type PlayerStatusMessage,
  type SinglePlayerErrorCode,
  type SinglePlayerStatus,
  type TokenRequestMessage,
  type TokenRequestReason,
} from '../../server/shared/embed-messages';

export interface EmbedChannel {
  /** Asks the embedding page for a (fresh) token. */
  requestToken(reason: TokenRequestReason): void;
  /** Tells the embedding page what the player shows. */
  reportStatus(status: SinglePlayerStatus, error: SinglePlayerErrorCode | null): void;
  close(): void;
}

/** The window the player runs in, as much of it as the channel uses (tests give their own). */
export interface PlayerWindow {
  parent: unknown;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Whether the page runs inside another page's frame. */
export function isFramed(win: { parent: unknown } = window): boolean {
  return win.parent !== null && win.parent !== undefined && win.parent !== win;
}

export function openEmbedChannel(onToken: (token: string) => void, win: PlayerWindow = window): EmbedChannel {
  const parent = win.parent as Window;
  const listener = (event: MessageEvent) => {
    if (event.source !== parent) return;
    const token = tokenOf(event.data);
    if (token !== null) onToken(token);
  };
  win.addEventListener('message', listener);
  const post = (message: TokenRequestMessage | PlayerStatusMessage) => {
    try {
      parent.postMessage(message, '*');
    } catch (error) {
      console.warn('The embedding page could not be told', error);
    }
  };
  return {
    requestToken: (reason) => post({ type: TOKEN_REQUEST_MESSAGE, reason }),
    reportStatus: (status, error) => post({ type: PLAYER_STATUS_MESSAGE, status, error }),
    close: () => win.removeEventListener('message', listener),
  };
}
