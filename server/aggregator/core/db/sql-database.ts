/**
 * The aggregator's storage, one small async interface over two engines:
 * embedded SQLite (better-sqlite3, the default, a file in the data folder)
 * and PostgreSQL (node-postgres, with --database-url), so one aggregator's
 * services run unchanged on either. SQL is written once with `?`
 * placeholders and the subset both engines read alike (TEXT, INTEGER,
 * BIGINT, lower(), ON CONFLICT); the PostgreSQL side numbers the
 * placeholders. Whole numbers come back as JavaScript numbers on both
 * (epoch milliseconds fit a double).
 */
export type SqlValue = string | number | null;

export interface SqlDatabase {
  readonly dialect: 'sqlite' | 'postgres';
  /** Every row the statement answers. */
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Runs a statement; answers how many rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlDatabase) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
