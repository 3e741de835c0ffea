/**
 * Who may pull the RTSP restream. A client gives a recorder username and
 * password (Basic), or any username with a session token as the password
 * (what the client puts in the derived live URL). The user needs the 'live'
 * ability. Password checks are scrypt (tens of ms of CPU, on purpose), and
 * RTSP clients send credentials on every request (DESCRIBE, SETUP x n, PLAY),
 * so a successful check is remembered for a minute as a SHA-256 of the pair;
 * failures are never cached and go through the sign-in throttle (keyed by
 * username and client address, like web sign-in). Requests arriving together
 * with the same credentials (a player opening several streams) share one
 * check, so they neither repeat the hash nor use up the throttle's allowance
 * before the first check has answered. A changed
 * password keeps working over RTSP until its cache entry expires. Digest
 * authentication is not offered: it needs the clear password or a stored
 * digest of it, and the recorder keeps only scrypt hashes.
 */
import { createHash } from 'node:crypto';
import type { User } from '../../shared/api';
import { can } from '../../shared/roles';
import type { SessionsService, SignInThrottle, UsersService } from '../identity';

export const CREDENTIAL_CACHE_MS = 60_000;
const MAX_CACHED = 1000;

export type RtspAuthResult = { ok: true; user: User } | { ok: false; reason: 'missing' | 'invalid' | 'forbidden' | 'throttled' };

export interface RtspCredentialsDeps {
  users: UsersService;
  sessions: SessionsService;
  throttle: SignInThrottle;
}

export class RtspCredentials {
  /** sha256(username, password) → user id and expiry. */
  private readonly cache = new Map<string, { userId: string; expiresMs: number }>();
  /** sha256(username, password) → the password check under way for it. */
  private readonly pending = new Map<string, Promise<User | 'throttled' | undefined>>();

  constructor(
    private readonly deps: RtspCredentialsDeps,
    private readonly now: () => number = Date.now,
  ) {}

  async check(credentials: { username: string; password: string } | undefined, address: string): Promise<RtspAuthResult> {
    if (!credentials || credentials.password === '') return { ok: false, reason: 'missing' };
    const user = await this.identify(credentials.username, credentials.password, address);
    if (user === 'throttled') return { ok: false, reason: 'throttled' };
    if (!user) return { ok: false, reason: 'invalid' };
    return can(user.role, 'live') ? { ok: true, user } : { ok: false, reason: 'forbidden' };
  }

  private async identify(username: string, password: string, address: string): Promise<User | 'throttled' | undefined> {
    const session = this.deps.sessions.authenticate(password);
    if (session) return session.user;
    const cached = this.cachedUser(username, password);
    if (cached) return cached;
    const key = cacheKey(username, password);
    const underway = this.pending.get(key);
    if (underway) return underway;
    const check = this.checkPassword(key, username, password, address).finally(() => this.pending.delete(key));
    this.pending.set(key, check);
    return check;
  }

  private async checkPassword(key: string, username: string, password: string, address: string): Promise<User | 'throttled' | undefined> {
    // Counted before the slow check, so parallel RTSP requests get no more tries than a sequence.
    if (this.deps.throttle.reserve(username, address) > 0) return 'throttled';
    const user = await this.deps.users.authenticate(username, password);
    if (!user) return undefined;
    this.deps.throttle.succeeded(username, address);
    this.cache.set(key, { userId: user.id, expiresMs: this.now() + CREDENTIAL_CACHE_MS });
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return user;
  }

  private cachedUser(username: string, password: string): User | undefined {
    const key = cacheKey(username, password);
    const cached = this.cache.get(key);
    if (!cached) return undefined;
    if (cached.expiresMs > this.now()) {
      try {
        // Read fresh: a role change or deletion applies at once.
        return this.deps.users.get(cached.userId);
      } catch {
        // The user was deleted: forget the entry.
      }
    }
    this.cache.delete(key);
    return undefined;
  }
}

function cacheKey(username: string, password: string): string {
  return createHash('sha256').update(username).update('\u0000').update(password).digest('base64');
}
