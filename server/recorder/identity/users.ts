/**
 * Users of this recorder and the rules of spec points 5 and 6: usernames of
 * word characters, passwords of at least 4, roles matched case-insensitively
 * (Manager when none given), and the built-in 'admin' that cannot be deleted
 * and whose username and role are locked. Password hashes never leave here.
 * The row and the request checks are shared with the aggregator's users
 * (common/identity/user-rows.ts, user-checks.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CreateUserRequest, UpdateUserRequest, User } from '../../shared/api';
import { DEFAULT_ROLE } from '../../shared/roles';
import {
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
  validateUsername,
} from '../../shared/validation';
import type { Db } from '../core/db/database';
import { conflict, forbidden, notFound } from '../../common/api-error';
import { hashPassword, verifyPassword } from '../../common/identity/passwords';
import { checkRole, checkUserField } from '../../common/identity/user-checks';
import { toUser, type UserRow } from '../../common/identity/user-rows';

export const ADMIN_USERNAME = 'admin';

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  list(): User[] {
    const rows = this.db.prepare('SELECT * FROM users ORDER BY username COLLATE NOCASE').all() as UserRow[];
    return rows.map(toUser);
  }

  get(id: string): User {
    const row = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
    if (!row) throw notFound('User does not exist.', 'user-not-found');
    return toUser(row);
  }

  findByUsername(username: string): User | undefined {
    const row = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
    return row && toUser(row);
  }

  /** Checks a password; answers the user, or undefined for any mismatch (no hint which part was wrong). */
  async authenticate(username: string, password: string): Promise<User | undefined> {
    const row = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
    if (!row) {
      // Spend the same time as a real check so timing does not reveal which usernames exist.
      await verifyPassword(password, DUMMY_HASH);
      return undefined;
    }
    return (await verifyPassword(password, row.password_hash)) ? toUser(row) : undefined;
  }

  async create(request: CreateUserRequest): Promise<User> {
    checkUserField(validateUsername(request.username));
    checkUserField(validatePassword(request.password, true));
    if (request.passwordConfirm !== undefined) {
      checkUserField(validatePasswordConfirmation(request.password, request.passwordConfirm, true));
    }
    if (request.email !== undefined && request.email !== null && request.email !== '') checkUserField(validateEmail(request.email));
    const role = request.role === undefined ? DEFAULT_ROLE : checkRole(request.role);
    if (this.findByUsername(request.username)) throw conflict(`A user named '${request.username}' already exists.`, 'user-exists');
    const id = randomUUID();
    const nowMs = this.now();
    this.db
      .prepare(
        `INSERT INTO users (id, username, password_hash, role, email, super_user, created_ms, updated_ms)
         VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
      )
      .run(id, request.username, await hashPassword(request.password), role, request.email || null, nowMs, nowMs);
    return this.get(id);
  }

  /** Answers the updated user and whether the password changed (callers end sessions then). */
  async update(id: string, request: UpdateUserRequest): Promise<{ user: User; passwordChanged: boolean }> {
    const existing = this.get(id);
    const changes: Partial<Record<'username' | 'role' | 'email' | 'password_hash', string | null>> = {};
    if (request.username !== undefined && request.username !== existing.username) {
      if (existing.superUser) throw forbidden(`The ${ADMIN_USERNAME} user's username cannot be changed.`, 'admin-locked');
      checkUserField(validateUsername(request.username));
      const clash = this.findByUsername(request.username);
      if (clash && clash.id !== id) throw conflict(`A user named '${request.username}' already exists.`, 'user-exists');
      changes.username = request.username;
    }
    if (request.role !== undefined) {
      const role = checkRole(request.role);
      if (role !== existing.role) {
        if (existing.superUser) throw forbidden(`The ${ADMIN_USERNAME} user's role cannot be changed.`, 'admin-locked');
        changes.role = role;
      }
    }
    if (request.email !== undefined) {
      if (request.email !== null && request.email !== '') checkUserField(validateEmail(request.email));
      changes.email = request.email || null;
    }
    const password = request.password ?? '';
    if (password !== '') {
      checkUserField(validatePassword(password, false));
      if (request.passwordConfirm !== undefined && request.passwordConfirm !== null) {
        checkUserField(validatePasswordConfirmation(password, request.passwordConfirm, false));
      }
      changes.password_hash = await hashPassword(password);
    }
    const columns = Object.keys(changes) as Array<keyof typeof changes>;
    if (columns.length > 0) {
      const assignments = columns.map((c) => `${c} = @${c}`).join(', ');
      this.db
        .prepare(`UPDATE users SET ${assignments}, updated_ms = @updated_ms WHERE id = @id`)
        .run({ ...changes, updated_ms: this.now(), id });
    }
    return { user: this.get(id), passwordChanged: changes.password_hash !== undefined };
  }

  delete(id: string): void {
    const user = this.get(id);
    if (user.superUser) throw forbidden(`The ${ADMIN_USERNAME} user cannot be deleted.`, 'admin-locked');
    this.db.prepare('DELETE FROM users WHERE id = ?').run(id);
  }

  /**
   * Makes sure the built-in admin exists. With a password given it is (re)set
   * to that; otherwise a new admin gets `generated` and an existing one keeps
   * its password. Answers the password only when it was generated now.
   */
  async ensureAdmin(password: string | undefined, generate: () => string): Promise<string | undefined> {
    const row = this.db.prepare('SELECT * FROM users WHERE super_user = 1').get() as UserRow | undefined;
    const nowMs = this.now();
    if (!row) {
      const chosen = password ?? generate();
      this.db
        .prepare(
          `INSERT INTO users (id, username, password_hash, role, email, super_user, created_ms, updated_ms)
           VALUES (?, ?, ?, 'Administrator', NULL, 1, ?, ?)`,
        )
        .run(randomUUID(), ADMIN_USERNAME, await hashPassword(chosen), nowMs, nowMs);
      return password === undefined ? chosen : undefined;
    }
    if (password !== undefined && !(await verifyPassword(password, row.password_hash))) {
      this.db
        .prepare('UPDATE users SET password_hash = ?, updated_ms = ? WHERE id = ?')
        .run(await hashPassword(password), nowMs, row.id);
    }
    return undefined;
  }
}

// A valid hash of a random password, computed once, so unknown usernames cost a real verify.
let DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
void hashPassword(Math.random().toString(36)).then((hash) => {
  DUMMY_HASH = hash;
});
