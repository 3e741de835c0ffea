/**
 * A users table row as both editions store it (the recorder on SQLite, the
 * aggregator on SQLite or PostgreSQL), and the row as the API's User. The
 * password hash stays in the row: a User never carries it.
 */
import type { User } from '../../shared/api';
import { DEFAULT_ROLE, parseRole } from '../../shared/roles';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  role: string;
  email: string | null;
  super_user: number;
}

// A stored role this version does not know reads as the default one rather than failing the read.
export function toUser(row: UserRow): User {
  const role = parseRole(row.role) ?? DEFAULT_ROLE;
  return {
    id: row.id,
    username: row.username,
    role,
    email: row.email,
    superUser: row.super_user === 1,
    admin: role === 'Administrator',
  };
}
