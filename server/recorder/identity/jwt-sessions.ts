/**
 * Sessions from the trusted issuer's JWTs (spec 6: "In single-player mode a
 * JWT gives a synthetic administrator session"; spec 7 GET /service/identity).
 *
 * A JWT is accepted when its signature verifies with the trusted issuer's
 * public key (the algorithm is the key's: EdDSA, RS256 or ES256), it has
 * not expired (exp, required; nbf when present; 30 s of clock leeway), its
 * `iss` is the issuer's name and its `aud` names this recorder: the
 * recorder's server id, the `orchidId` its cameras carry (the value of the
 * single player's `single-player-orchid` argument). A token minted for
 * another recorder that trusts the same issuer therefore opens nothing here.
 *
 * The session is synthetic: no user row, no session row. Its token is the
 * JWT itself (tokenType 'jwt'), a bearer until `exp`; its user is named
 * after the token's `sub`, an Administrator unless a `role` claim names
 * another role (the aggregator's tokens do). Its id is derived from the
 * token, so tickets (which name a session by id) find it again. Verified
 * tokens are remembered (bounded, swept as they expire) so later calls
 * cost a hash, not a signature check; every use checks that the issuer that
 * signed it is still the attached one, so detaching (or attaching another)
 * ends these sessions at once. Signing out (DELETE /service/sessions/me)
 * revokes the token until it would have expired anyway.
 *
 * Cost: one signature check per new token; a map entry per live token.
 */
import { createHash } from 'node:crypto';
import { looksLikeJwt, verifyJwt, type JwtProblem } from '../../protocols/jwt';
import type { IdentityErrorCode, Session, User } from '../../shared/api';
import { LOGIN_EXPIRY_S } from '../../shared/validation';
import { parseRole } from '../../shared/roles';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedSession } from '../../common/session';
import type { TrustedIssuerStore } from './trusted-issuer';

/** Live tokens remembered at most; the oldest go first beyond it (they verify again when next seen). */
export const MAX_REMEMBERED_TOKENS = 10_000;
const SESSION_ID_PREFIX = 'jwt-';

const PROBLEM_CODES: Record<JwtProblem, IdentityErrorCode> = {
  malformed: 'jwt-malformed',
  algorithm: 'jwt-algorithm',
  signature: 'jwt-signature',
  'no-expiry': 'jwt-no-expiry',
  expired: 'jwt-expired',
  'not-yet-valid': 'jwt-not-yet-valid',
  issuer: 'jwt-issuer',
  audience: 'jwt-audience',
};

interface Remembered {
  session: AuthenticatedSession;
  /** The issuer fingerprint the token verified with. */
  issuer: string;
}

export interface JwtSessionsDeps {
  issuers: Pick<TrustedIssuerStore, 'current'>;
  /** This recorder's server id: the `aud` every accepted token names. */
  audience: string;
  now?: () => number;
}

export function jwtSessionId(token: string): string {
  return `${SESSION_ID_PREFIX}${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
}

/**
 * The synthetic user a JWT stands for; `sub` names it (64 characters at most).
 * An Administrator (the embedding page's player), unless the token names a
 * role: the aggregator mints tokens for its signed-in user with that user's
 * role, so a call it proxies here is allowed no more than the user is. A
 * role claim that names no role is refused rather than read as Administrator.
 */
function syntheticUser(sub: unknown, roleClaim: unknown): User | undefined {
  const name = typeof sub === 'string' && sub.trim() !== '' ? sub.trim().slice(0, 64) : 'single-player';
  const role = roleClaim === undefined ? 'Administrator' : parseRole(roleClaim);
  if (!role) return undefined;
  return { id: `jwt:${name}`, username: name, role, email: null, superUser: false, admin: role === 'Administrator' };
}

export class JwtSessions {
  private readonly remembered = new Map<string, Remembered>();
  /** Session id → when its token expires: signed out before then. */
  private readonly revoked = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly deps: JwtSessionsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Whether a bearer token is a JWT (to be checked here) rather than a recorder session token. */
  owns(token: string): boolean {
    return looksLikeJwt(token);
  }

  ownsId(id: string): boolean {
    return id.startsWith(SESSION_ID_PREFIX);
  }

  /**
   * GET /service/identity: the session for a JWT, or a 401 whose code says
   * which check failed ('no-trusted-issuer', 'jwt-signature', 'jwt-expired',
   * 'jwt-audience', ...).
   */
  exchange(token: string): Session {
    const result = this.check(token);
    if ('code' in result) throw new ApiError(401, result.code, result.reason);
    return this.describe(result, token);
  }

  /** The live session behind a bearer JWT, or undefined. */
  authenticate(token: string): AuthenticatedSession | undefined {
    const result = this.check(token);
    return 'code' in result ? undefined : result;
  }

  /** The live session with this id (a ticket's), while its token is remembered, unexpired and its issuer still trusted. */
  authenticateId(id: string): AuthenticatedSession | undefined {
    const entry = this.remembered.get(id);
    if (!entry) return undefined;
    return this.stillValid(id, entry) ? entry.session : undefined;
  }

  describe(session: AuthenticatedSession, token: string): Session {
    return {
      id: session.id,
      owner: { id: session.user.id },
      name: session.user.username,
      token,
      tokenType: 'jwt',
      role: session.user.role,
      expiresAt: session.expiresAt,
    };
  }

  /** Sign-out: the token opens nothing more, though it has not expired. */
  revoke(id: string): void {
    const entry = this.remembered.get(id);
    this.remembered.delete(id);
    this.revoked.set(id, entry?.session.expiresAt ?? this.now() + LOGIN_EXPIRY_S * 1000);
  }

  private check(token: string): AuthenticatedSession | { code: IdentityErrorCode; reason: string } {
    const issuer = this.deps.issuers.current();
    if (!issuer) return { code: 'no-trusted-issuer', reason: 'This server trusts no token issuer: tokens cannot sign in here.' };
    const id = jwtSessionId(token);
    if (this.revoked.has(id) && (this.revoked.get(id) ?? 0) > this.now()) {
      return { code: 'jwt-revoked', reason: 'This token was signed out.' };
    }
    const known = this.remembered.get(id);
    if (known && this.stillValid(id, known)) return known.session;
    const result = verifyJwt(token, { publicKey: issuer.key, issuer: issuer.name, audience: this.deps.audience, nowMs: this.now() });
    if (!result.ok) return { code: PROBLEM_CODES[result.problem], reason: result.reason };
    // The session lasts as long as the token, and never longer than a sign-in would.
    const expiresAt = Math.min(result.claims.exp * 1000, this.now() + LOGIN_EXPIRY_S * 1000);
    const user = syntheticUser(result.claims.sub, result.claims.role);
    if (!user) return { code: 'jwt-malformed', reason: "The token's role claim names no role (Live Viewer, Viewer, Manager or Administrator)." };
    const session: AuthenticatedSession = { id, user, expiresAt, tokenType: 'jwt' };
    this.remember(id, { session, issuer: issuer.fingerprint });
    return session;
  }

  private stillValid(id: string, entry: Remembered): boolean {
    if (entry.session.expiresAt <= this.now() || this.deps.issuers.current()?.fingerprint !== entry.issuer) {
      this.remembered.delete(id);
      return false;
    }
    return true;
  }

  private remember(id: string, entry: Remembered): void {
    this.sweep();
    this.remembered.delete(id);
    this.remembered.set(id, entry);
    while (this.remembered.size > MAX_REMEMBERED_TOKENS) {
      const oldest = this.remembered.keys().next().value;
      if (oldest === undefined) break;
      this.remembered.delete(oldest);
    }
  }

  private sweep(): void {
    const nowMs = this.now();
    for (const [id, entry] of this.remembered) if (entry.session.expiresAt <= nowMs) this.remembered.delete(id);
    for (const [id, untilMs] of this.revoked) if (untilMs <= nowMs) this.revoked.delete(id);
  }
}
