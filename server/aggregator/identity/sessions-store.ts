/**
 * Aggregator sign-in sessions (spec 7; tokenType 'fsid'). A token is 256
 * bits from the CSPRNG, handed out once and stored only as its SHA-256, so
 * a copy of the database signs nobody in. Tokens expire (30 days at most,
 * spec 9) and stop at once when deleted; the user's role is read at each
 * check, so a role change applies to live sessions at once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Session, User } from '../../shared/api';
import { LOGIN_EXPIRY_S } from '../../shared/validation';
import type { AuthenticatedSession } from '../../common/session';
import type { SqlDatabase } from '../core/db/sql-database';
import type { UsersStore } from './users-store';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

interface SessionRow {
  id: string;
  user_id: string;
  expires_ms: number;
}

export class SessionsStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly users: UsersStore,
    private readonly now: () => number = Date.now,
  ) {}

  async create(user: User, options: { persistent: boolean; expiresInS?: number; address?: string }): Promise<Session> {
    const expiresInS = Math.min(Math.max(1, Math.floor(options.expiresInS ?? LOGIN_EXPIRY_S)), LOGIN_EXPIRY_S);
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const createdMs = this.now();
    const expiresAt = createdMs + expiresInS * 1000;
    await this.db.run(
      'INSERT INTO sessions (id, token_hash, user_id, persistent, created_ms, expires_ms, address) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [id, hashToken(token), user.id, options.persistent ? 1 : 0, createdMs, expiresAt, options.address ?? null],
    );
    return { id, owner: { id: user.id }, name: user.username, token, tokenType: 'fsid', role: user.role, expiresAt };
  }

  async authenticate(token: string): Promise<AuthenticatedSession | undefined> {
    if (!token) return undefined;
    const row = await this.db.get<SessionRow>('SELECT id, user_id, expires_ms FROM sessions WHERE token_hash = ?', [hashToken(token)]);
    return this.live(row);
  }

  private async live(row: SessionRow | undefined): Promise<AuthenticatedSession | undefined> {
    if (!row) return undefined;
    if (row.expires_ms <= this.now()) {
      await this.db.run('DELETE FROM sessions WHERE id = ?', [row.id]);
      return undefined;
    }
    const user = await this.users.find(row.user_id);
    return user && { id: row.id, user, expiresAt: row.expires_ms, tokenType: 'fsid' };
  }

  /** The live session with this id (a ticket names its session by id), or undefined. */
  async authenticateId(id: string): Promise<AuthenticatedSession | undefined> {
    const row = await this.db.get<SessionRow>('SELECT id, user_id, expires_ms FROM sessions WHERE id = ?', [id]);
    return this.live(row);
  }

  describe(session: AuthenticatedSession, token: string): Session {
    const { user } = session;
    return { id: session.id, owner: { id: user.id }, name: user.username, token, tokenType: 'fsid', role: user.role, expiresAt: session.expiresAt };
  }

  async delete(id: string): Promise<void> {
    await this.db.run('DELETE FROM sessions WHERE id = ?', [id]);
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.db.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
  }

  async deleteExpired(): Promise<number> {
    return this.db.run('DELETE FROM sessions WHERE expires_ms <= ?', [this.now()]);
  }
}
