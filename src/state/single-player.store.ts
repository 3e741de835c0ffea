/**
 * The single player page's state (spec 2 "Single player"; docs/embedding.md):
 * who it plays as, what it plays, and why it cannot.
 *
 * In a frame it waits for a token from the embedding page (asking once it
 * listens), exchanges it with GET /service/identity for a synthetic
 * Administrator session (spec 6) kept in memory, and asks again before that
 * session expires; a later token replaces the session without stopping the
 * video. Opened on its own (no parent window), it plays as the user already
 * signed in here, if any. Then it finds the camera that has the stream on
 * this recorder (GET /service/cameras).
 *
 * single-player-orchid: this edition serves one server, so when the
 * argument is given it must be this recorder's server id (the orchidId of
 * its cameras); any other is "no access to the server".
 *
 * Errors (spec 8): no access to the server (no answer, another server, no
 * permission), stream cannot be opened (no stream argument, no camera has
 * it), authentication failed (token refused, none signed in, session lost),
 * cannot fetch camera and server info (any other failure of the camera call).
 *
 * No React here; `startSinglePlayer` takes its collaborators so tests drive
 * it without a browser or a server.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { Camera, Session } from '../../server/shared/api';
import type { SinglePlayerErrorCode, SinglePlayerStatus, TokenRequestReason } from '../../server/shared/embed-messages';
import { camerasApi } from '../api/cameras-api';
import { isFramed, openEmbedChannel, type EmbedChannel } from '../api/embed-channel';
import { isHttpError } from '../api/http-error';
import { identityApi } from '../api/identity-api';
import type { SinglePlayerArgs } from '../core/player/single-player-args';
import { browserTimers, type Timers } from '../../workers/core/browser-timers';
import { onTokenSessionLost, sessionState } from './session.store';

/** What lies behind an error, for its wording. */
export type SinglePlayerErrorCause =
  | 'server-unreachable'
  | 'other-server'
  | 'forbidden'
  | 'no-stream-argument'
  | 'stream-not-found'
  | 'token-refused'
  | 'no-session'
  | 'session-lost'
  | 'request-failed';

export interface SinglePlayerError {
  code: SinglePlayerErrorCode;
  cause: SinglePlayerErrorCause;
  /** The server's own words, when it gave any. */
  reason: string | null;
}

export interface SinglePlayerState {
  status: SinglePlayerStatus;
  error: SinglePlayerError | null;
  /** Whether the page runs in another page's frame (and so waits for its token). */
  framed: boolean;
  camera: Camera | null;
  streamId: string | null;
}

export const singlePlayerState = proxy<SinglePlayerState>({ status: 'loading', error: null, framed: false, camera: null, streamId: null });

/** Spec 8 statuses that mean the server did not answer (the ping treats them so too). */
const UNREACHABLE = new Set([-1, 502, 503, 504]);
/** The fresh token is asked for this long before the session ends (half the lifetime for shorter ones). */
export const RENEW_BEFORE_MS = 60_000;
/** Never ask more often than this, whatever the token's lifetime. */
const MIN_RENEW_DELAY_MS = 5_000;

export interface SinglePlayerDeps {
  state?: SinglePlayerState;
  framed: boolean;
  /** Opens the handshake with the embedding page (framed only). */
  openChannel: (onToken: (token: string) => void) => EmbedChannel;
  identity: (jwt: string) => Promise<Session>;
  cameras: () => Promise<Camera[]>;
  /** The session already signed in here, if any (a page opened on its own). */
  currentSession: () => Session | null;
  adoptSession: (session: Session) => void;
  /** Hears a 401 on the adopted session; answers the unsubscribe. */
  onSessionLost: (listener: () => void) => () => void;
  timers: Timers;
  now: () => number;
}

function failure(code: SinglePlayerErrorCode, cause: SinglePlayerErrorCause, reason: string | null = null): SinglePlayerError {
  return { code, cause, reason };
}

/** Where the stream is: its camera on this recorder, or the error to show. */
export function locateStream(cameras: readonly Camera[], streamId: string, serverId: string | null): Camera | SinglePlayerError {
  const camera = cameras.find((entry) => entry.streams.some((stream) => stream.id === streamId) || entry.primaryStream?.id === streamId);
  // Every camera of this recorder carries its server id; one of them tells whether the argument names this server.
  const thisServer = camera?.orchidId ?? cameras[0]?.orchidId;
  if (serverId !== null && thisServer !== undefined && serverId !== thisServer) return failure('no-access', 'other-server');
  if (!camera) return failure('stream-unavailable', 'stream-not-found');
  return camera;
}

/** The error a failed call stands for (spec 8). */
function callFailure(error: unknown, otherwise: SinglePlayerErrorCode): SinglePlayerError {
  if (!isHttpError(error)) return failure(otherwise, 'request-failed');
  if (UNREACHABLE.has(error.status)) return failure('no-access', 'server-unreachable');
  if (error.status === 401) return failure('authentication-failed', otherwise === 'authentication-failed' ? 'token-refused' : 'session-lost', error.reason);
  if (error.status === 403) return failure('no-access', 'forbidden', error.reason);
  return failure(otherwise, otherwise === 'authentication-failed' ? 'token-refused' : 'request-failed', error.reason);
}

/** Starts the page for `args`; answers the stop (leaving the page). */
export function startSinglePlayer(args: SinglePlayerArgs, deps: SinglePlayerDeps): () => void {
  const state = deps.state ?? singlePlayerState;
  let stopped = false;
  let tokenSequence = 0;
  let renewTimer: unknown = undefined;
  let channel: EmbedChannel | null = null;

  Object.assign(state, { status: 'loading', error: null, framed: deps.framed, camera: null, streamId: args.streamId });

  const set = (status: SinglePlayerStatus, error: SinglePlayerError | null = null) => {
    if (stopped) return;
    state.status = status;
    state.error = error;
    channel?.reportStatus(status, error?.code ?? null);
  };

  const requestToken = (reason: TokenRequestReason) => channel?.requestToken(reason);

  const scheduleRenewal = (session: Session) => {
    if (renewTimer !== undefined) deps.timers.clearTimeout(renewTimer);
    const leftMs = session.expiresAt - deps.now();
    const delayMs = Math.max(MIN_RENEW_DELAY_MS, leftMs - Math.min(RENEW_BEFORE_MS, leftMs / 2));
    renewTimer = deps.timers.setTimeout(() => {
      renewTimer = undefined;
      requestToken('renew');
    }, delayMs);
  };

  const loadCamera = async () => {
    if (!args.streamId) return set('error', failure('stream-unavailable', 'no-stream-argument'));
    if (state.camera) return set('ready');
    set('loading');
    let cameras: Camera[];
    try {
      cameras = await deps.cameras();
    } catch (error) {
      return set('error', callFailure(error, 'camera-info-failed'));
    }
    if (stopped) return;
    const located = locateStream(cameras, args.streamId, args.serverId);
    if ('code' in located) return set('error', located);
    state.camera = ref(located);
    set('ready');
  };

  const useToken = async (token: string) => {
    const sequence = ++tokenSequence;
    // A token that replaces a working session does not interrupt the video.
    if (state.status !== 'ready') set('authenticating');
    let session: Session;
    try {
      session = await deps.identity(token);
    } catch (error) {
      if (stopped || sequence !== tokenSequence) return;
      set('error', callFailure(error, 'authentication-failed'));
      return;
    }
    if (stopped || sequence !== tokenSequence) return;
    deps.adoptSession(session);
    scheduleRenewal(session);
    await loadCamera();
  };

  const unsubscribeLost = deps.onSessionLost(() => {
    if (stopped) return;
    set('error', failure('authentication-failed', 'session-lost'));
    requestToken('rejected');
  });

  if (deps.framed) {
    channel = deps.openChannel((token) => void useToken(token));
    set('waiting-for-token');
    requestToken('start');
  } else if (deps.currentSession()) {
    void loadCamera();
  } else {
    set('error', failure('authentication-failed', 'no-session'));
  }

  return () => {
    stopped = true;
    if (renewTimer !== undefined) deps.timers.clearTimeout(renewTimer);
    unsubscribeLost();
    channel?.close();
  };
}

/** The page's start in the browser: the real window, recorder and session store. */
export function startSinglePlayerInBrowser(args: SinglePlayerArgs): () => void {
  return startSinglePlayer(args, {
    framed: isFramed(),
    openChannel: (onToken) => openEmbedChannel(onToken),
    identity: (jwt) => identityApi.exchange(jwt),
    cameras: () => camerasApi.list(),
    currentSession: () => (sessionState.status === 'authenticated' ? sessionState.session : null),
    // In memory only: the JWT is the embedding page's to keep (session.store never stores a token session).
    adoptSession: (session) => {
      sessionState.session = ref(session);
      sessionState.status = 'authenticated';
    },
    onSessionLost: onTokenSessionLost,
    timers: browserTimers,
    now: Date.now,
  });
}
