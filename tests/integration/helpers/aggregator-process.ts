/**
 * Starts a real aggregator exactly as users do (`npm start -- --edition
 * aggregator ...`) on a free port and a temporary data folder, SQLite by
 * default or PostgreSQL with `databaseUrl`, waits for GET /service/ping,
 * and stops its process group afterwards. Also registers a recorder with
 * it, as an administrator does.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Orchid } from '../../../server/shared/api';
import { freePort } from './free-port';
import { call } from './recorder-process';

export interface AggregatorProcess {
  /** The started npm process, leader of the aggregator's process group (measurements walk its children). */
  pid: number;
  baseUrl: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export async function startAggregator(options: { databaseUrl?: string; adminPassword?: string; extraArgs?: string[]; dataDir?: string } = {}): Promise<AggregatorProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'argus-aggregator-'));
  const httpPort = await freePort();
  const args = ['start', '--', '--edition', 'aggregator', '--host', '127.0.0.1', '--http-port', String(httpPort), '--data-dir', dataDir, '--log-level', 'warn'];
  args.push(...(options.extraArgs ?? []));
  const env: NodeJS.ProcessEnv = { ...process.env, ARGUS_ADMIN_PASSWORD: options.adminPassword ?? 'secret', ARGUS_SKIP_BUILD: '1' };
  delete env.ARGUS_DATABASE_URL;
  // The database URL holds a password: the environment, not the command line.
  if (options.databaseUrl) env.ARGUS_DATABASE_URL = options.databaseUrl;
  const child = spawn('npm', args, { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is already gone
    }
  };
  const stop = async () => {
    if (child.exitCode === null) {
      signalGroup('SIGTERM');
      const killer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    signalGroup('SIGKILL');
  };
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`aggregator exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/service/ping`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`aggregator did not answer ping in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { pid: child.pid!, baseUrl, dataDir, output: () => output, stop };
}

export interface RecorderToRegister {
  name: string;
  /** The recorder's address (its baseUrl). */
  uri: string;
  /** The recorder's administrator password. */
  password: string;
  username?: string;
}

/** Registers a recorder (POST /service/orchids with an administrator's token) and answers the Server; throws unless 201. */
export async function registerRecorder(baseUrl: string, adminToken: string, recorder: RecorderToRegister): Promise<Orchid> {
  const reply = await call<Orchid>(baseUrl, 'POST', '/service/orchids', {
    token: adminToken,
    json: { name: recorder.name, uri: recorder.uri, username: recorder.username ?? 'admin', password: recorder.password },
  });
  if (reply.status !== 201) throw new Error(`registering ${recorder.name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}
