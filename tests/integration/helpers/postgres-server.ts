/**
 * A real PostgreSQL server for a test file: Debian's postgresql binaries
 * (scripts/setup.mjs --browser installs the package when missing), a new
 * cluster made with initdb in a temporary folder, listening on a free port
 * on 127.0.0.1 only, with password authentication. PostgreSQL refuses to
 * run as root, so as root the cluster belongs to the 'postgres' user (or
 * 'nobody') and its programs run as that user through runuser. Stopped and
 * removed by `stop()`, which signals the postmaster itself (its pid from
 * postmaster.pid), not the runuser in front of it: runuser does not pass
 * every signal on, and a killed runuser left the server running. A server
 * that does not start is stopped the same way before the error is thrown.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface PostgresServer {
  port: number;
  /** The postmaster's pid (what stop() signals), for a caller that must stop it from a signal handler. */
  pid: number | undefined;
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

/** The postmaster's pid, from the first line of its postmaster.pid; undefined before it wrote it or after it removed it. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Fast shutdown (SIGINT: ends sessions without waiting for clients); after `graceMs` immediate shutdown, then SIGKILL. */
async function stopPostmaster(pid: number, graceMs = 10_000): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  const waitGone = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return !isAlive(pid);
  };
  signal('SIGINT');
  if (await waitGone(graceMs)) return;
  signal('SIGQUIT');
  if (await waitGone(5_000)) return;
  signal('SIGKILL');
  await waitGone(5_000);
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
  // Read while it runs: postmaster.pid goes away when the server stops.
  let pid: number | undefined;
  const stop = async () => {
    pid = postmasterPid(dataDir) ?? pid;
    if (pid !== undefined) await stopPostmaster(pid);
    if (child.exitCode === null && child.signalCode === null) {
      // runuser (or postgres itself) ends with the postmaster; a bounded wait, then it goes too.
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  const [readyProgram, readyArgs] = command(undefined, path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`postgres stopped:\n${output}`);
    }
    try {
      execFileSync(readyProgram, readyArgs, { stdio: 'ignore' });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`postgres did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  pid = postmasterPid(dataDir);
  const adminUrl = `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}`;
  return {
    port,
    pid,
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
    stop,
  };
}
