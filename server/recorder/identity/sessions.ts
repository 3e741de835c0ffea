/**
 * Sign-in sessions (spec 7). A token is 256 bits from the CSPRNG, handed out
 * once and stored only as its SHA-256, so a copy of the database cannot be used
 * to sign in. Tokens expire (default and longest 30 days; a longer ask is
 * clamped and the reply's expiresAt says so) and stop working at once when
 * the session is deleted. The user's role is read at each check, so a role
 * change applies to live sessions immediately.
 *
 * A bearer that is a JWT is not looked up here: it goes to the JWT sessions
 * (jwt-sessions.ts) when the recorder has them, so the access check, tickets
 * and sign-out treat both kinds of session alike.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Session } from '../../shared/api';
import { LOGIN_EXPIRY_S } from '../../shared/validation';
import type { Db } from '../core/db/database';
import type { UsersService } from './users';
import type { User } from '../../shared/api';
import type { AuthenticatedSession } from '../../common/session';
import type { JwtSessions } from './jwt-sessions';

export type { AuthenticatedSession };

/** What this service asks of the JWT sessions. */
type TokenSessions = Pick<JwtSessions, 'owns' | 'ownsId' | 'authenticate' | 'authenticateId' | 'describe' | 'revoke'>;

/** A stolen token is worth at most the spec's login expiry, whatever the caller asks for. */
const MAX_EXPIRY_S = LOGIN_EXPIRY_S;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly now: () => number = Date.now,
    private readonly jwt?: TokenSessions,
  ) {}

  create(user: User, options: { persistent: boolean; expiresInS?: number; address?: string }): Session {
    const expiresInS = Math.min(Math.max(1, Math.floor(options.expiresInS ?? LOGIN_EXPIRY_S)), MAX_EXPIRY_S);
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const createdMs = this.now();
    const expiresAt = createdMs + expiresInS * 1000;
    this.db
      .prepare(
        `INSERT INTO sessions (id, token_hash, user_id, persistent, created_ms, expires_ms, address)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, hashToken(token), user.id, options.persistent ? 1 : 0, createdMs, expiresAt, options.address ?? null);
    return { id, owner: { id: user.id }, name: user.username, token, tokenType: 'sid', role: user.role, expiresAt };
  }

  /** Answers the live session behind a token, or undefined when unknown or expired. */
  authenticate(token: string): AuthenticatedSession | undefined {
    if (!token) return undefined;
    if (this.jwt?.owns(token)) return this.jwt.authenticate(token);
    const row = this.db
      .prepare('SELECT id, user_id, expires_ms FROM sessions WHERE token_hash = ?')
      .get(hashToken(token)) as { id: string; user_id: string; expires_ms: number } | undefined;
    return this.live(row);
  }

  /** The live session with this id (a ticket names its session by id), or undefined. */
  authenticateId(id: string): AuthenticatedSession | undefined {
    if (this.jwt?.ownsId(id)) return this.jwt.authenticateId(id);
    const row = this.db.prepare('SELECT id, user_id, expires_ms FROM sessions WHERE id = ?').get(id) as
      | { id: string; user_id: string; expires_ms: number }
      | undefined;
    return this.live(row);
  }

  private live(row: { id: string; user_id: string; expires_ms: number } | undefined): AuthenticatedSession | undefined {
    if (!row) return undefined;
    if (row.expires_ms <= this.now()) {
      this.db.prepare('DELETE FROM sessions WHERE id = ?').run(row.id);
      return undefined;
    }
    const user = this.users.get(row.user_id);
    return { id: row.id, user, expiresAt: row.expires_ms };
  }

  /** The session as GET /service/sessions/me shows it; the token is the caller's own. */
  describe(session: AuthenticatedSession, token: string): Session {
    if (session.tokenType === 'jwt' && this.jwt) return this.jwt.describe(session, token);
    return {
      id: session.id,
      owner: { id: session.user.id },
      name: session.user.username,
      token,
      tokenType: 'sid',
      role: session.user.role,
      expiresAt: session.expiresAt,
    };
  }

  delete(id: string): void {
    if (this.jwt?.ownsId(id)) return this.jwt.revoke(id);
    this.db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
  }

  deleteForUser(userId: string): void {
    this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
  }

  deleteExpired(): number {
    return this.db.prepare('DELETE FROM sessions WHERE expires_ms <= ?').run(this.now()).changes;
  }
}
