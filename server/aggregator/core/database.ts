/**
 * Opens the aggregator's database as the options say (SQLite file in the
 * data folder, or PostgreSQL) and brings its schema up to date.
 */
import path from 'node:path';
import { makeFilesPrivate } from '../../common/secrets/private-files';
import { migrate } from './db/migrate';
import { openPostgresDatabase } from './db/postgres-database';
import type { SqlDatabase } from './db/sql-database';
import { openSqliteDatabase } from './db/sqlite-database';

export const SQLITE_FILE = 'aggregator.db';

export async function openAggregatorDatabase(options: { dataDir: string; databaseUrl: string }): Promise<SqlDatabase> {
  let db: SqlDatabase;
  if (options.databaseUrl) {
    db = await openPostgresDatabase(options.databaseUrl);
  } else {
    const file = path.join(options.dataDir, SQLITE_FILE);
    db = openSqliteDatabase(file);
    makeFilesPrivate([file, `${file}-wal`, `${file}-shm`]);
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
