/** Named values the aggregator keeps across restarts (its issuer name, later its config and greeting). */
import type { SqlDatabase } from './db/sql-database';

export class SettingsStore {
  constructor(private readonly db: SqlDatabase) {}

  async get(name: string): Promise<string | undefined> {
    return (await this.db.get<{ value: string }>('SELECT value FROM settings WHERE name = ?', [name]))?.value;
  }

  async set(name: string, value: string): Promise<void> {
    await this.db.run('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value', [name, value]);
  }
}
