/**
 * Starts a real recorder exactly as users do (`npm start -- --http-port ...`)
 * on free ports and a temporary data folder, waits for GET /service/ping, and
 * stops the whole process group afterwards. Also a tiny typed HTTP client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TicketScope } from '../../../server/shared/api';
import { freePort } from './free-port';

export interface RecorderProcess {
  /** The started npm process, leader of the recorder's process group (measurements walk its children). */
  pid: number;
  baseUrl: string;
  httpPort: number;
  rtspPort: number;
  dataDir: string;
  adminPassword: string;
  output: () => string;
  /** False once the recorder process has exited. */
  running: () => boolean;
  /** Resolves when the process group's leader has exited. */
  exited: Promise<void>;
  /** Sends a signal to the whole process group (recorder and its ffmpeg children). */
  signalGroup: (signal: NodeJS.Signals) => void;
  /** SIGTERM to the group, SIGKILL after 10 s, then SIGKILL to anything left in it. */
  stop: () => Promise<void>;
}

export interface StartOptions {
  adminPassword?: string | null;
  demoCameras?: number;
  dataDir?: string;
  extraArgs?: string[];
  /** Listen on these ports (a restart at the same address) instead of free ones found now. */
  ports?: { http: number; rtsp: number };
  /** More environment variables for the recorder (e.g. ARGUS_FFMPEG). */
  env?: NodeJS.ProcessEnv;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** How many times a recorder is started on new ports when one it was given was taken meanwhile. */
const PORT_ATTEMPTS = 3;

/** A free port is free when asked, not when the recorder binds it: another process may take it between the two. */
class PortTakenError extends Error {}

export async function startRecorder(options: StartOptions = {}): Promise<RecorderProcess> {
  for (let attempt = 1; ; attempt++) {
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'argus-recorder-'));
    try {
      return await startOnce(options, dataDir);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= PORT_ATTEMPTS) throw error;
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function startOnce(options: StartOptions, dataDir: string): Promise<RecorderProcess> {
  const httpPort = options.ports?.http ?? (await freePort());
  const rtspPort = options.ports?.rtsp ?? (await freePort());
  const adminPassword = options.adminPassword === undefined ? 'secret' : options.adminPassword;
  const args = ['start', '--', '--http-port', String(httpPort), '--rtsp-port', String(rtspPort), '--data-dir', dataDir];
  args.push('--demo-cameras', String(options.demoCameras ?? 0), ...(options.extraArgs ?? []));
  // The admin password goes through the environment, as the README advises, so it never shows in `ps`.
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  delete env.ARGUS_ADMIN_PASSWORD;
  delete env.ARGUS_ADMIN_PASSWORD_FILE;
  if (adminPassword !== null) env.ARGUS_ADMIN_PASSWORD = adminPassword;
  const child: ChildProcess = spawn('npm', args, { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${httpPort}`;

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
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
    // Anything left in the group (there should be nothing) goes too.
    signalGroup('SIGKILL');
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      const ErrorType = /EADDRINUSE/.test(output) ? PortTakenError : Error;
      throw new ErrorType(`recorder exited early:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/service/ping`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`recorder did not answer ping in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { pid: child.pid!, baseUrl, httpPort, rtspPort, dataDir, adminPassword: adminPassword ?? '', output: () => output, running: () => child.exitCode === null, exited, signalGroup, stop };
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** JSON over HTTP against a recorder, with an optional bearer token. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: { token?: string; json?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.rawBody !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = options.rawBody;
  }
  const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (e.g. HTML or an empty 204); keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** A session's token; `cookie: 'persistent'` is the sign-in of a user who ticked 'stay signed in'. */
export async function signIn(baseUrl: string, username: string, password: string, cookie: 'session' | 'persistent' = 'session'): Promise<string> {
  const reply = await call<{ token: string }>(baseUrl, 'POST', '/service/sessions/user', {
    json: { username, password, cookie, type: 'user' },
  });
  if (reply.status !== 200) throw new Error(`sign-in as ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.token;
}

/** A ticket (POST /service/tickets) for a URL that cannot carry the bearer header: a socket, a download, a picture. */
export async function ticketFor(baseUrl: string, token: string, scope: TicketScope, resource?: string): Promise<string> {
  const reply = await call<{ ticket: string }>(baseUrl, 'POST', '/service/tickets', {
    token,
    json: resource === undefined ? { scope } : { scope, resource },
  });
  if (reply.status !== 201) throw new Error(`ticket for ${scope} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.ticket;
}
