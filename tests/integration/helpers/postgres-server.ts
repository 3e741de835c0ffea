/**
 * A real PostgreSQL server for a test file: Debian's postgresql binaries
 * (scripts/setup.mjs --browser installs the package when missing), a new
 * cluster made with initdb in a temporary folder, listening on a free port
 * on 127.0.0.1 only, with password authentication. PostgreSQL refuses to
 * run as root, so as root the cluster belongs to the 'postgres' user (or
 * 'nobody') and its programs run as that user through runuser. Stopped and
 * removed by `stop()`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface PostgresServer {
  port: number;
  /** A URL of a new, empty database for one aggregator. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

const SUPERUSER = 'argus';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL is not installed: run `node scripts/setup.mjs --browser` (installs Debian\'s postgresql package)');
  return path.join(root, newest, 'bin');
}

/** The user the cluster runs as: ourselves, or as root an unprivileged one. */
function runAs(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const user of ['postgres', 'nobody']) {
    try {
      execFileSync('id', ['-u', user], { stdio: 'ignore' });
      return user;
    } catch {
      // not on this machine; try the next
    }
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

function command(user: string | undefined, program: string, args: string[]): [string, string[]] {
  return user ? ['runuser', ['-u', user, '--', program, ...args]] : [program, args];
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const user = runAs();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-pg-'));
  const dataDir = path.join(folder, 'data');
  const password = `pw${Math.random().toString(36).slice(2)}`;
  const pwFile = path.join(folder, 'pw');
  fs.writeFileSync(pwFile, password);
  if (user) execFileSync('chown', ['-R', user, folder]);
  const [initProgram, initArgs] = command(user, path.join(bin, 'initdb'), [
    '-D', dataDir, '-U', SUPERUSER, `--pwfile=${pwFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--no-sync',
  ]);
  execFileSync(initProgram, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const [program, args] = command(user, path.join(bin, 'postgres'), [
    '-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', folder, '-c', 'fsync=off', '-c', 'max_connections=50',
  ]);
  const child: ChildProcess = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const [readyProgram, readyArgs] = command(undefined, path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres stopped:\n${output}`);
    try {
      execFileSync(readyProgram, readyArgs, { stdio: 'ignore' });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`postgres did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const adminUrl = `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}`;
  return {
    port,
    async createDatabase(name) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: `${adminUrl}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name.replace(/[^a-z0-9_]/g, '')}`);
      } finally {
        await client.end();
      }
      return `${adminUrl}/${name}`;
    },
    async stop() {
      if (child.exitCode === null) {
        // SIGINT: PostgreSQL's fast shutdown (ends sessions, no wait for clients).
        child.kill('SIGINT');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
