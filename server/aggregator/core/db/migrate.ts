/**
 * The aggregator's versioned migrations, the same numbered .sql files on
 * SQLite and PostgreSQL (written in the SQL both read alike). Each runs in
 * its own transaction and is recorded in schema_migrations; on PostgreSQL an
 * advisory lock keeps two aggregators starting together from running one
 * twice. A database newer than the code refuses to open rather than guess.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlDatabase } from './sql-database';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: the key of the advisory lock migrations hold on PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_231_014;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file, sql: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

/** Applies what is missing; answers the version the database is at. */
export async function migrate(db: SqlDatabase, migrations = listMigrations(), now: () => number = Date.now): Promise<number> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ms BIGINT NOT NULL)');
  const latest = migrations.at(-1)?.version ?? 0;
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
      const current = (await tx.get<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations'))?.v ?? 0;
      if (current > latest) throw new Error(`Database schema version ${current} is newer than this aggregator (${latest}); refusing to open it.`);
      if (migration.version <= current) return;
      await tx.exec(migration.sql);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, ?)', [migration.version, migration.name, now()]);
    });
  }
  return (await db.get<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations'))?.v ?? 0;
}
