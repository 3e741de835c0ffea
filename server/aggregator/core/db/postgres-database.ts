/**
 * SqlDatabase on PostgreSQL through node-postgres (a pool of connections),
 * for an aggregator whose load outgrows one machine's SQLite file. The SQL
 * the services write with `?` placeholders gets PostgreSQL's numbered ones
 * here; BIGINT and COUNT come back as numbers, not strings (epoch
 * milliseconds and counts fit a double).
 */
import pg from 'pg';
import type { SqlDatabase, SqlValue } from './sql-database';

const INT8_OID = 20;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'),
};

/** `?` placeholders as $1, $2, ...; the services' SQL has no `?` inside string literals. */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

function over(client: Queryable, transaction: SqlDatabase['transaction'], close: () => Promise<void>): SqlDatabase {
  return {
    dialect: 'postgres',
    all: async <T>(sql: string, params: readonly SqlValue[] = []) => (await client.query(numberPlaceholders(sql), [...params])).rows as T[],
    get: async <T>(sql: string, params: readonly SqlValue[] = []) => (await client.query(numberPlaceholders(sql), [...params])).rows[0] as T | undefined,
    run: async (sql, params = []) => (await client.query(numberPlaceholders(sql), [...params])).rowCount ?? 0,
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction,
    close,
  };
}

export async function openPostgresDatabase(url: string): Promise<SqlDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10, types, connectionTimeoutMillis: 10_000 });
  // An idle connection the server dropped must not take the process down: the pool replaces it.
  pool.on('error', () => undefined);
  // Fail at start, with the server's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const transaction: SqlDatabase['transaction'] = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const tx = over(client, async (inner) => inner(tx), async () => undefined);
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return over(pool, transaction, () => pool.end());
}
