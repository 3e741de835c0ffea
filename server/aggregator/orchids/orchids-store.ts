/**
 * Registered recorders as stored: name, address, username, and the
 * password sealed with AES-256-GCM under the aggregator's master key
 * (common/secrets/secret-box.ts, purpose 'recorder-password', bound to the
 * orchid's id), so neither the database file nor a backup of it shows a
 * recorder's password. Only orchid-service.ts opens it, to sign in.
 */
import type { SecretBox } from '../../common/secrets/secret-box';
import type { SqlDatabase } from '../core/db/sql-database';

export interface StoredOrchid {
  id: string;
  name: string;
  uri: string;
  username: string;
  createdMs: number;
}

interface OrchidRow {
  id: string;
  name: string;
  uri: string;
  username: string;
  password_sealed: string;
  created_ms: number;
}

const toStored = (row: OrchidRow): StoredOrchid => ({ id: row.id, name: row.name, uri: row.uri, username: row.username, createdMs: row.created_ms });

export class OrchidsStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly box: SecretBox,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<StoredOrchid[]> {
    return (await this.db.all<OrchidRow>('SELECT * FROM orchids ORDER BY lower(name), id')).map(toStored);
  }

  async find(id: string): Promise<StoredOrchid | undefined> {
    const row = await this.db.get<OrchidRow>('SELECT * FROM orchids WHERE id = ?', [id]);
    return row && toStored(row);
  }

  async findByUri(uri: string): Promise<StoredOrchid | undefined> {
    const row = await this.db.get<OrchidRow>('SELECT * FROM orchids WHERE uri = ?', [uri]);
    return row && toStored(row);
  }

  /** The recorder's password in plain text, for signing in to it. */
  async password(id: string): Promise<string | undefined> {
    const row = await this.db.get<{ password_sealed: string }>('SELECT password_sealed FROM orchids WHERE id = ?', [id]);
    return row && this.box.open(row.password_sealed, 'recorder-password', id);
  }

  async insert(orchid: { id: string; name: string; uri: string; username: string; password: string }): Promise<void> {
    const nowMs = this.now();
    await this.db.run(
      'INSERT INTO orchids (id, name, uri, username, password_sealed, server_id, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [orchid.id, orchid.name, orchid.uri, orchid.username, this.box.seal(orchid.password, 'recorder-password', orchid.id), orchid.id, nowMs, nowMs],
    );
  }

  async update(id: string, changes: { name?: string; uri?: string; username?: string; password?: string }): Promise<void> {
    const sets: string[] = [];
    const values: Array<string | number> = [];
    for (const key of ['name', 'uri', 'username'] as const) {
      if (changes[key] !== undefined) {
        sets.push(`${key} = ?`);
        values.push(changes[key]);
      }
    }
    if (changes.password !== undefined) {
      sets.push('password_sealed = ?');
      values.push(this.box.seal(changes.password, 'recorder-password', id));
    }
    if (sets.length === 0) return;
    await this.db.run(`UPDATE orchids SET ${sets.join(', ')}, updated_ms = ? WHERE id = ?`, [...values, this.now(), id]);
  }

  async delete(id: string): Promise<void> {
    await this.db.run('DELETE FROM orchids WHERE id = ?', [id]);
  }

  async count(): Promise<number> {
    return (await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orchids'))?.n ?? 0;
  }
}
