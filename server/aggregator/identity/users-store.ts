/**
 * Aggregator users (spec 3 User, spec 5 and 6): usernames of word
 * characters, passwords of at least 4, roles matched case-insensitively
 * (Manager when none given), and the superuser 'admin' that cannot be
 * deleted, downgraded or renamed. Password hashes never leave here. The
 * same rules as a recorder's users, over the aggregator's async database;
 * the row and the request checks are shared with the recorder
 * (common/identity/user-rows.ts, user-checks.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CreateUserRequest, UpdateUserRequest, User } from '../../shared/api';
import { DEFAULT_ROLE } from '../../shared/roles';
import { validateEmail, validatePassword, validatePasswordConfirmation, validateUsername } from '../../shared/validation';
import { conflict, forbidden, notFound } from '../../common/api-error';
import { hashPassword, verifyPassword } from '../../common/identity/passwords';
import { checkRole, checkUserField } from '../../common/identity/user-checks';
import { toUser, type UserRow } from '../../common/identity/user-rows';
import type { SqlDatabase } from '../core/db/sql-database';

export const SUPERUSER_NAME = 'admin';

// A real hash of a random password, so an unknown username costs a real verify and timing reveals nothing.
let dummyHash: Promise<string> | undefined;

export class UsersStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<User[]> {
    return (await this.db.all<UserRow>('SELECT * FROM users ORDER BY lower(username)')).map(toUser);
  }

  async find(id: string): Promise<User | undefined> {
    const row = await this.db.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]);
    return row && toUser(row);
  }

  async get(id: string): Promise<User> {
    const user = await this.find(id);
    if (!user) throw notFound('User does not exist.', 'user-not-found');
    return user;
  }

  private async byName(username: string): Promise<UserRow | undefined> {
    return this.db.get<UserRow>('SELECT * FROM users WHERE lower(username) = lower(?)', [username]);
  }

  /** The user for a username and password, or undefined for any mismatch (no hint which part was wrong). */
  async authenticate(username: string, password: string): Promise<User | undefined> {
    const row = await this.byName(username);
    if (!row) {
      dummyHash ??= hashPassword(Math.random().toString(36));
      await verifyPassword(password, await dummyHash);
      return undefined;
    }
    return (await verifyPassword(password, row.password_hash)) ? toUser(row) : undefined;
  }

  async create(request: CreateUserRequest): Promise<User> {
    checkUserField(validateUsername(request.username));
    checkUserField(validatePassword(request.password, true));
    if (request.passwordConfirm !== undefined) checkUserField(validatePasswordConfirmation(request.password, request.passwordConfirm, true));
    if (request.email) checkUserField(validateEmail(request.email));
    const role = request.role === undefined ? DEFAULT_ROLE : checkRole(request.role);
    if (await this.byName(request.username)) throw conflict(`A user named '${request.username}' already exists.`, 'user-exists');
    const id = randomUUID();
    const nowMs = this.now();
    await this.db.run(
      'INSERT INTO users (id, username, password_hash, role, email, super_user, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, 0, ?, ?)',
      [id, request.username, await hashPassword(request.password), role, request.email || null, nowMs, nowMs],
    );
    return this.get(id);
  }

  /** Answers the updated user and whether the password changed (callers end sessions then). */
  async update(id: string, request: UpdateUserRequest): Promise<{ user: User; passwordChanged: boolean }> {
    const existing = await this.get(id);
    const sets: string[] = [];
    const values: Array<string | number | null> = [];
    if (request.username !== undefined && request.username !== existing.username) {
      if (existing.superUser) throw forbidden("The superuser's username cannot be changed.", 'superuser-locked');
      checkUserField(validateUsername(request.username));
      const clash = await this.byName(request.username);
      if (clash && clash.id !== id) throw conflict(`A user named '${request.username}' already exists.`, 'user-exists');
      sets.push('username = ?');
      values.push(request.username);
    }
    if (request.role !== undefined) {
      const role = checkRole(request.role);
      if (role !== existing.role) {
        if (existing.superUser) throw forbidden("The superuser's role cannot be changed.", 'superuser-locked');
        sets.push('role = ?');
        values.push(role);
      }
    }
    if (request.email !== undefined) {
      if (request.email) checkUserField(validateEmail(request.email));
      sets.push('email = ?');
      values.push(request.email || null);
    }
    const password = request.password ?? '';
    if (password !== '') {
      checkUserField(validatePassword(password, false));
      if (request.passwordConfirm !== undefined && request.passwordConfirm !== null) checkUserField(validatePasswordConfirmation(password, request.passwordConfirm, false));
      sets.push('password_hash = ?');
      values.push(await hashPassword(password));
    }
    if (sets.length > 0) await this.db.run(`UPDATE users SET ${sets.join(', ')}, updated_ms = ? WHERE id = ?`, [...values, this.now(), id]);
    return { user: await this.get(id), passwordChanged: password !== '' };
  }

  /** Spec 6: the superuser cannot be deleted, and nobody deletes their own account from here. */
  async delete(id: string, byUserId: string): Promise<void> {
    const user = await this.get(id);
    if (user.superUser) throw forbidden('The superuser cannot be deleted.', 'superuser-locked');
    if (user.id === byUserId) throw forbidden('You cannot delete your own account.', 'current-user');
    await this.db.run('DELETE FROM users WHERE id = ?', [id]);
  }

  /**
   * Makes sure the superuser exists. With a password given it is (re)set to
   * that; otherwise a new superuser gets `generate()` and an existing one
   * keeps its password. Answers the password only when generated now.
   */
  async ensureSuperuser(password: string | undefined, generate: () => string): Promise<string | undefined> {
    const row = await this.db.get<UserRow>('SELECT * FROM users WHERE super_user = 1');
    const nowMs = this.now();
    if (!row) {
      const chosen = password ?? generate();
      await this.db.run(
        "INSERT INTO users (id, username, password_hash, role, email, super_user, created_ms, updated_ms) VALUES (?, ?, ?, 'Administrator', NULL, 1, ?, ?)",
        [randomUUID(), SUPERUSER_NAME, await hashPassword(chosen), nowMs, nowMs],
      );
      return password === undefined ? chosen : undefined;
    }
    if (password !== undefined && !(await verifyPassword(password, row.password_hash))) {
      await this.db.run('UPDATE users SET password_hash = ?, updated_ms = ? WHERE id = ?', [await hashPassword(password), nowMs, row.id]);
    }
    return undefined;
  }
}
