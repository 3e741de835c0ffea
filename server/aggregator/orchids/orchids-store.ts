/**
 * Registered recorders as stored: name, address, username, and the
 * password sealed with AES-256-GCM under the aggregator's master key
 * (common/secrets/secret-box.ts, purpose 'recorder-password', bound to the
 * orchid's id), so neither the database file nor a backup of it shows a
 * recorder's password. Only orchid-service.ts opens it, to sign in.
 *
 * The proxy looks its orchid up on every call (findCached): those lookups
 * are kept in memory for a short while, cleared here whenever this process
 * changes or removes the orchid, so an edit or an unregister takes effect
 * on the next call. The lifetime bounds how long a change made by another
 * aggregator on a shared PostgreSQL database goes unseen. Memory: one entry
 * per registered orchid looked up; ids not registered are not kept.
 */
import type { SecretBox } from '../../common/secrets/secret-box';
import type { SqlDatabase } from '../core/db/sql-database';

export interface StoredOrchid {
  id: string;
  name: string;
  uri: string;
  username: string;
  createdMs: number;
  /** The page origin the recorder allows direct calls from; null when none was given. */
  pageOrigin: string | null;
}

interface OrchidRow {
  id: string;
  name: string;
  uri: string;
  username: string;
  password_sealed: string;
  created_ms: number;
  page_origin: string | null;
}

const toStored = (row: OrchidRow): StoredOrchid => ({
  id: row.id,
  name: row.name,
  uri: row.uri,
  username: row.username,
  createdMs: row.created_ms,
  pageOrigin: row.page_origin ?? null,
});

/** How long findCached answers from memory before reading the orchid again. */
export const CACHED_ORCHID_LIFETIME_MS = 10_000;

interface CachedOrchid {
  readMs: number;
  orchid: Promise<StoredOrchid | undefined>;
}

export class OrchidsStore {
  private readonly cached = new Map<string, CachedOrchid>();

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

  /** find, answered from memory while the last read is recent and this process has not changed the orchid since. */
  findCached(id: string): Promise<StoredOrchid | undefined> {
    const nowMs = this.now();
    const hit = this.cached.get(id);
    if (hit && nowMs - hit.readMs < CACHED_ORCHID_LIFETIME_MS) return hit.orchid;
    // The read in flight is what is kept, so calls that come together share one query.
    const entry: CachedOrchid = { readMs: nowMs, orchid: this.find(id) };
    this.cached.set(id, entry);
    // Any caller may name any id, so a miss is not kept (nor a failed read, tried again next time).
    const dropMiss = () => {
      if (this.cached.get(id) === entry) this.cached.delete(id);
    };
    entry.orchid.then((orchid) => {
      if (!orchid) dropMiss();
    }, dropMiss);
    return entry.orchid;
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

  async insert(orchid: { id: string; name: string; uri: string; username: string; password: string; pageOrigin: string | null }): Promise<void> {
    const nowMs = this.now();
    await this.db.run(
      'INSERT INTO orchids (id, name, uri, username, password_sealed, server_id, created_ms, updated_ms, page_origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [orchid.id, orchid.name, orchid.uri, orchid.username, this.box.seal(orchid.password, 'recorder-password', orchid.id), orchid.id, nowMs, nowMs, orchid.pageOrigin],
    );
    this.forgetCached(orchid.id);
  }

  async update(id: string, changes: { name?: string; uri?: string; username?: string; password?: string; pageOrigin?: string | null }): Promise<void> {
    const sets: string[] = [];
    const values: Array<string | number | null> = [];
    if (changes.pageOrigin !== undefined) {
      sets.push('page_origin = ?');
      values.push(changes.pageOrigin);
    }
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
    this.forgetCached(id);
  }

  async delete(id: string): Promise<void> {
    await this.db.run('DELETE FROM orchids WHERE id = ?', [id]);
    this.forgetCached(id);
  }

  /** After each write, not before: a lookup that read the old row while the write ran is dropped with the entry. */
  private forgetCached(id: string): void {
    this.cached.delete(id);
  }

  async count(): Promise<number> {
    return (await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orchids'))?.n ?? 0;
  }
}
