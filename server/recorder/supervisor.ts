/**
 * What `npm start` runs: keeps the recorder (main.ts) running through a
 * controlled restart. It starts main.ts as a child with the same arguments
 * and environment, and:
 * - a child exit with RESTART_EXIT_CODE (a property save, an unconfirmed
 *   change rolled back) starts it again;
 * - a child that fails (non-zero exit) before it said it was ready, while a
 *   property change is pending, gets the previous properties file back and is
 *   started again on it: a bad value must not keep the recorder down;
 * - SIGINT/SIGTERM are passed on and the supervisor ends with the child.
 * The child dies with the supervisor: it stops when the IPC channel closes.
 * Cost: one small Node process beside the recorder. `npm run recorder` runs
 * main.ts directly, without any of this.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESTART_EXIT_CODE } from '../shared/properties';
import { defaultConfig, parseConfig } from './core/config';
import { restorePrevious } from './system/properties/properties-file';

const here = path.dirname(fileURLToPath(import.meta.url));
const mainModule = path.join(here, 'main.ts');
const argv = process.argv.slice(2);
/** A crash loop (other than a rollback) is not retried forever. */
const MAX_QUICK_RESTARTS = 5;

let child: ChildProcess | undefined;
let stopping = false;
let restarts = 0;

function dataDir(): string | undefined {
  try {
    return parseConfig(argv, process.env, defaultConfig(path.resolve(here, '..', '..'))).dataDir;
  } catch {
    // main.ts reports a bad command line itself.
    return undefined;
  }
}

function start(): void {
  let ready = false;
  // tsx's loader comes along through execArgv, so main.ts runs as `npm run recorder` would run it.
  const started = fork(mainModule, argv, { execArgv: process.execArgv, env: process.env, stdio: 'inherit' });
  child = started;
  started.on('message', (message: unknown) => {
    if ((message as { type?: string } | null)?.type === 'ready') {
      ready = true;
      restarts = 0;
    }
  });
  started.once('exit', (code, signal) => {
    child = undefined;
    if (stopping || signal === 'SIGINT' || signal === 'SIGTERM') return process.exit(code ?? 0);
    if (code === RESTART_EXIT_CODE) return again('restarting the recorder');
    const folder = code !== 0 && !ready ? dataDir() : undefined;
    if (folder !== undefined && restorePrevious(folder)) return again('the recorder did not start with the new properties: the previous ones are restored');
    process.exit(code ?? 1);
  });
}

function again(why: string): void {
  restarts += 1;
  if (restarts > MAX_QUICK_RESTARTS) {
    console.error(`the recorder restarted ${MAX_QUICK_RESTARTS} times without becoming ready; giving up`);
    process.exit(1);
  }
  console.log(why);
  start();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    // The child may have the same signal from its process group already; main.ts stops once either way.
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

start();
