/**
 * SqlDatabase on embedded SQLite (better-sqlite3, WAL). better-sqlite3 is
 * synchronous and has one connection, so a transaction whose work awaits
 * must keep everyone else's statements out until it ends: every call takes
 * a turn on one queue, and a transaction holds the turn for its whole work
 * (its own statements go straight through). Cost: statements run one after
 * another, as they would on one connection anyway.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { SqlDatabase, SqlValue } from './sql-database';

type Connection = Database.Database;

function direct(connection: Connection): SqlDatabase {
  const self: SqlDatabase = {
    dialect: 'sqlite',
    all: async <T>(sql: string, params: readonly SqlValue[] = []) => connection.prepare(sql).all(...params) as T[],
    get: async <T>(sql: string, params: readonly SqlValue[] = []) => connection.prepare(sql).get(...params) as T | undefined,
    run: async (sql, params = []) => connection.prepare(sql).run(...params).changes,
    exec: async (sql) => {
      connection.exec(sql);
    },
    transaction: async (work) => work(self),
    close: async () => {
      connection.close();
    },
  };
  return self;
}

export function openSqliteDatabase(file: string): SqlDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new Database(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten, so a copy of the file keeps no removed secret in free pages.
  connection.pragma('secure_delete = ON');
  const inner = direct(connection);
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    // The queue goes on whatever this turn's outcome; the caller sees the outcome.
    queue = result.catch(() => undefined);
    return result;
  };
  return {
    dialect: 'sqlite',
    all: (sql, params) => inTurn(() => inner.all(sql, params)),
    get: (sql, params) => inTurn(() => inner.get(sql, params)),
    run: (sql, params) => inTurn(() => inner.run(sql, params)),
    exec: (sql) => inTurn(() => inner.exec(sql)),
    transaction: (work) =>
      inTurn(async () => {
        connection.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(inner);
          connection.exec('COMMIT');
          return result;
        } catch (error) {
          connection.exec('ROLLBACK');
          throw error;
        }
      }),
    close: () => inTurn(() => inner.close()),
  };
}
