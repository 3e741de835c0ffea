/** Small server settings kept in the database (key/value text). */
import type { Db } from './db/database';

export class SettingsStore {
  constructor(private readonly db: Db) {}

  get(name: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM settings WHERE name = ?').get(name) as { value: string } | undefined;
    return row?.value;
  }

  set(name: string, value: string): void {
    this.db
      .prepare('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value')
      .run(name, value);
  }

  delete(name: string): void {
    this.db.prepare('DELETE FROM settings WHERE name = ?').run(name);
  }
}
