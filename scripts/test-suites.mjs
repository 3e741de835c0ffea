#!/usr/bin/env node
/**
 * Runs the integration and end-to-end suites side by side, then the wall
 * frame-rate check alone (`npm test`'s last steps).
 *
 * Why side by side: both suites spend most of their time waiting for
 * recorded time to pass, for cameras to start and for pictures to arrive,
 * not computing (the integration files' rigs use about half a core between
 * them, the e2e recorder and Chromium about one), so on two cores running
 * them one after the other doubles the wait for little gain in quiet. Each
 * starts its own servers on free ports with its own temporary folders, so
 * they share nothing. The wall check measures frame rates, so it runs only
 * once both are done.
 *
 * Output: each line is prefixed with its suite's name as it arrives, so a
 * failure reads in order; the exit code is non-zero if either suite failed
 * (both always run to the end, so one run shows every failure).
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

/**
 * The integration files run one at a time here (two when run alone): beside
 * the e2e suite a second file's rig would add load that the e2e tests' time-outs
 * feel, and one at a time they still finish before the e2e suite does
 * (about 20 min of test time against its 20-24).
 */
const SUITES = [
  { name: 'integration', script: 'test:integration', env: { ARGUS_INTEGRATION_WORKERS: '1' } },
  { name: 'e2e', script: 'test:e2e', env: {} },
];

/** Runs `npm run <script>`, writing its lines with `prefix`; resolves to its exit code. */
function runScript(script, prefix, env = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream }).on('line', (line) => out.write(prefix ? `[${prefix}] ${line}\n` : `${line}\n`));
    }
    child.on('error', (error) => {
      console.error(`[${prefix}] could not start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const codes = await Promise.all(SUITES.map(async ({ name, script, env }) => {
  const code = await runScript(script, name, env);
  console.log(`[${name}] finished with exit code ${code} after ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  return code;
}));
const failed = SUITES.filter((_, i) => codes[i] !== 0).map(({ name }) => name);
if (failed.length > 0) {
  console.error(`test-suites: ${failed.join(' and ')} failed`);
  process.exit(1);
}
process.exit(await runScript('bench:wall-check', ''));
