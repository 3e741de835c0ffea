/**
 * The signed-in session (spec 4 and 7). The token is kept in localStorage
 * when the user chose to stay signed in, otherwise in sessionStorage (gone
 * with the tab). Every same-host call carries it (see api/http). A 401 on a
 * session call in single-server mode ends the session and reloads to
 * sign-in (spec 6). Sign-out deletes the server session, clears local state,
 * stops refresh timers and drops queued requests; the route guard then shows
 * sign-in.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { Session } from '../../server/shared/api';
import { configureHttp } from '../api/http';
import { isHttpError } from '../api/http-error';
import { resetQueues } from '../api/queues';
import { sessionsApi } from '../api/sessions-api';
import { stopRefreshTimers } from './refresh-timers';
import { serverMode } from './server.store';
import { readItem, writeItem } from './storage';
import { SESSION_TOKEN_KEY as TOKEN_KEY } from './session-token-key';


export type SessionStatus = 'unknown' | 'checking' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  session: Session | null;
}

export const sessionState = proxy<SessionState>({ status: 'unknown', session: null });

/** A stored token being checked at start-up, before it is known to be good. */
let candidateToken: string | null = null;

export function sessionToken(): string | null {
  return sessionState.session?.token ?? candidateToken;
}

function storeToken(token: string | null, persistent: boolean): void {
  writeItem('local', TOKEN_KEY, persistent ? token : null);
  writeItem('session', TOKEN_KEY, persistent ? null : token);
}

/** Clears the session here (not on the server): state, stored token, timers, queued calls. */
export function endSession(): void {
  stopRefreshTimers();
  resetQueues();
  storeToken(null, false);
  candidateToken = null;
  sessionState.session = null;
  sessionState.status = 'anonymous';
}

/** At start-up: checks a stored token with GET /service/sessions/me. */
export async function restoreSession(): Promise<void> {
  const persistent = readItem('local', TOKEN_KEY);
  const token = persistent ?? readItem('session', TOKEN_KEY);
  if (token === null) {
    sessionState.status = 'anonymous';
    return;
  }
  candidateToken = token;
  sessionState.status = 'checking';
  try {
    const session = await sessionsApi.me();
    sessionState.session = ref({ ...session, token: session.token || token });
    sessionState.status = 'authenticated';
  } catch (error) {
    // 401: the token is stale. No answer: treat as signed out; the ping reports a dead server.
    if (isHttpError(error) && error.status === 401) storeToken(null, false);
    sessionState.status = 'anonymous';
  } finally {
    candidateToken = null;
  }
}

export async function signIn(username: string, password: string, staySignedIn: boolean): Promise<Session> {
  const session = await sessionsApi.signIn(username, password, staySignedIn);
  storeToken(session.token, staySignedIn);
  sessionState.session = ref(session);
  sessionState.status = 'authenticated';
  return session;
}

export async function signOut(): Promise<void> {
  try {
    await sessionsApi.signOut();
  } catch {
    // The session may already be gone on the server (expired, user edited); signing out locally is what matters.
  }
  endSession();
}

/** Who hears a lost token session (the single player), in place of the reload to sign-in. */
let tokenSessionLost: (() => void) | null = null;

/** Hears a 401 on a token session (tokenType 'jwt'); answers the unsubscribe. */
export function onTokenSessionLost(listener: () => void): () => void {
  tokenSessionLost = listener;
  return () => {
    if (tokenSessionLost === listener) tokenSessionLost = null;
  };
}

function onUnauthorized(): void {
  if (sessionState.session?.tokenType === 'jwt') return tokenSessionLost?.();
  if (serverMode() !== 'single-server') return;
  endSession();
  globalThis.location.hash = '#/sign-in';
  globalThis.location.reload();
}

configureHttp({ getToken: sessionToken, onUnauthorized });
