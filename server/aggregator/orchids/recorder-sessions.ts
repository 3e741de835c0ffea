/**
 * Sessions the aggregator holds on its recorders.
 *
 * - The service session: the aggregator signed in with the recorder's
 *   stored credentials (an administrator account there), for health checks
 *   and for registering itself as the recorder's trusted issuer. One per
 *   recorder, kept until the recorder refuses it, then signed in again once.
 * - User sessions: for each signed-in aggregator user, a short-lived JWT the
 *   aggregator mints as the recorder's trusted issuer (iss its name, aud the
 *   recorder's id, sub the username, role the user's role), exchanged once
 *   on the recorder (GET /service/identity?jwt=) to prove it opens a
 *   session there. A call proxied for that user carries this token, so the
 *   recorder allows it no more than the user's role allows (spec 6). The
 *   token is cached per user, role and recorder until shortly before it
 *   expires; a role change mints a new one.
 *
 * Mints run MINT_CONCURRENCY at a time across all recorders, and each
 * call's time-out counts from its turn. Why: the first camera list after
 * sign-in needs the user's session on every recorder at once; asked all
 * together on a loaded machine (50 recorder processes sharing two cores),
 * the exchanges shared the CPU so evenly that many passed the 5 s time-out
 * together and those recorders were left out of the list. A few at a time,
 * each finishes in its own share; the whole takes about as long, and is
 * complete. `warm` starts them right after the aggregator sign-in, so the
 * stage's first list mostly finds them done.
 *
 * Cost: one sign-in per recorder and start; one signature and one
 * round trip per user and recorder per hour. Memory: one entry per user and
 * recorder in use, bounded (the oldest go first).
 */
import { randomUUID } from 'node:crypto';
import { signJwt } from '../../protocols/jwt';
import type { Session, User } from '../../shared/api';
import type { IssuerKey } from '../identity/issuer-key';
import { RequestQueue } from '../../shared/request-queue';
import { callRecorder, RecorderCallError, signInToRecorder } from './recorder-client';

/** How long a user token lives on a recorder, and how long before its end a new one is minted. */
export const USER_TOKEN_LIFETIME_S = 3600;
const RENEW_BEFORE_MS = 5 * 60_000;
const MAX_USER_SESSIONS = 10_000;
/** User session mints under way at once, across every recorder (see the top comment). */
export const MINT_CONCURRENCY = 8;

export interface RecorderTarget {
  id: string;
  uri: string;
  username: string;
  password: () => Promise<string | undefined>;
}

export interface UserRecorderSession {
  sessionId: string;
  token: string;
  expiresAt: number;
}

export class RecorderSessions {
  private readonly service = new Map<string, Promise<string>>();
  private readonly users = new Map<string, Promise<UserRecorderSession>>();
  private readonly mints = new RequestQueue(MINT_CONCURRENCY);

  constructor(
    private readonly issuer: IssuerKey,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `call` with the service session, signing in again once when the recorder no longer knows the session. */
  async withServiceToken<T>(target: RecorderTarget, call: (token: string) => Promise<T>): Promise<T> {
    const token = await this.serviceToken(target);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof RecorderCallError && error.kind === 'refused')) throw error;
      this.service.delete(target.id);
      return call(await this.serviceToken(target));
    }
  }

  private serviceToken(target: RecorderTarget): Promise<string> {
    let pending = this.service.get(target.id);
    if (!pending) {
      pending = (async () => {
        const password = await target.password();
        if (password === undefined) throw new RecorderCallError('refused', 'No credentials are stored for this server.');
        return (await signInToRecorder(target.uri, target.username, password)).token;
      })();
      // A failed sign-in is not kept: the next call tries again.
      pending.catch(() => this.service.delete(target.id));
      this.service.set(target.id, pending);
    }
    return pending;
  }

  /** A session on the recorder for `user` with the user's role; throws RecorderCallError when none can be had. */
  async forUser(target: RecorderTarget, user: User): Promise<UserRecorderSession> {
    const key = `${userPrefix(target.id, user.id)}${user.role}`;
    const cached = this.users.get(key);
    if (cached) {
      const session = await cached.catch(() => undefined);
      if (session && session.expiresAt - RENEW_BEFORE_MS > this.now()) return session;
      this.users.delete(key);
    }
    const pending = this.mints.add(() => this.mint(target, user));
    // A failed mint is not kept, unless a newer one took its place meanwhile.
    pending.catch(() => this.users.get(key) === pending && this.users.delete(key));
    this.users.set(key, pending);
    while (this.users.size > MAX_USER_SESSIONS) {
      const oldest = this.users.keys().next().value;
      if (oldest === undefined) break;
      this.users.delete(oldest);
    }
    return pending;
  }

  /**
   * Starts minting `user`'s sessions on `targets` without waiting (right
   * after the user signed in to the aggregator, before the first list asks);
   * a failure here is not kept, and the list asks again.
   */
  warm(targets: readonly RecorderTarget[], user: User): void {
    for (const target of targets) this.forUser(target, user).catch(() => undefined);
  }

  private async mint(target: RecorderTarget, user: User): Promise<UserRecorderSession> {
    const nowS = Math.floor(this.now() / 1000);
    const token = signJwt(
      { iss: this.issuer.name, aud: target.id, sub: user.username, role: user.role, iat: nowS, exp: nowS + USER_TOKEN_LIFETIME_S, jti: randomUUID() },
      this.issuer.privateKey,
    );
    const session = await callRecorder<Session>(target.uri, `/service/identity?jwt=${encodeURIComponent(token)}`);
    return { sessionId: session.id, token, expiresAt: session.expiresAt };
  }

  /** Forgets every session on one recorder (unregistered, or its address or credentials changed). */
  forget(orchidId: string): void {
    this.service.delete(orchidId);
    for (const key of this.users.keys()) if (key.startsWith(`${orchidId}\u0000`)) this.users.delete(key);
  }

  /**
   * Forgets a user's session on one recorder, which refused it (signed out
   * there, or it trusts another issuer now), so the next call there mints a
   * new one; the user's sessions on the other recorders stay as they are.
   */
  forgetUserOn(orchidId: string, userId: string): void {
    const prefix = userPrefix(orchidId, userId);
    for (const key of this.users.keys()) if (key.startsWith(prefix)) this.users.delete(key);
  }

  /** Forgets a user's sessions on every recorder (signed out, deleted, role changed). */
  forgetUser(userId: string): void {
    for (const key of this.users.keys()) if (key.split('\u0000')[1] === userId) this.users.delete(key);
  }
}

/** The start of a user session's key: recorder, then user, then (after this) the role the session was minted with. */
function userPrefix(orchidId: string, userId: string): string {
  return `${orchidId}\u0000${userId}\u0000`;
}
