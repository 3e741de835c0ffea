import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../../../../../server/recorder/core/db/database';

describe('migrations', () => {
  it('applies every migration once, in order, and is idempotent', () => {
    const db = new Database(':memory:');
    const all = listMigrations();
    expect(all.map((m) => m.version)).toEqual([...all.map((m) => m.version)].sort((a, b) => a - b));
    expect(migrate(db)).toBe(all.at(-1)!.version);
    expect(migrate(db)).toBe(all.at(-1)!.version);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'users'").get()).toBeTruthy();
  });

  it('refuses a database newer than the code', () => {
    const db = new Database(':memory:');
    db.pragma('user_version = 999');
    expect(() => migrate(db)).toThrow(/newer/);
  });
});
