#!/usr/bin/env node
/**
 * Runs npm scripts of this package at the same time and fails when any of
 * them fails, after all have ended (so one red suite never hides another's
 * result). `npm test` runs the integration and e2e suites this way: both
 * spend most of their time waiting for recorded time to pass (the
 * integration suite used about 0.7 of a core over its 9 minutes on the
 * 2-core box), so side by side they take about as long as the longer one
 * alone instead of their sum. Each starts its own recorders on free ports
 * and temp folders, so they share nothing.
 *
 * The first script's output is passed through as it comes; every other
 * script's output is kept and printed in one block, between banners, when
 * that script ends, so the two never interleave line by line.
 *
 * Usage: node scripts/run-together.mjs <script> <script> [...]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = process.argv.slice(2);
const known = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
const unknown = scripts.filter((name) => !Object.hasOwn(known, name));
if (scripts.length < 2 || unknown.length > 0) {
  console.error(`usage: run-together.mjs <npm script> <npm script> [...]${unknown.length ? `; not scripts of package.json: ${unknown.join(', ')}` : ''}`);
  process.exit(2);
}

function banner(text) {
  const bar = '='.repeat(78);
  return `\n${bar}\n== ${text}\n${bar}\n`;
}

/** Runs one npm script; resolves with its exit code (1 when it could not start or died of a signal). */
function runScript(name, passThrough) {
  return new Promise((resolve) => {
    const startedMs = Date.now();
    const child = spawn('npm', ['run', name], { cwd: root, stdio: passThrough ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell: false });
    const kept = [];
    if (!passThrough) {
      child.stdout.on('data', (chunk) => kept.push(chunk));
      child.stderr.on('data', (chunk) => kept.push(chunk));
    }
    const finish = (code, why) => {
      const seconds = Math.round((Date.now() - startedMs) / 1000);
      if (!passThrough) process.stdout.write(banner(`npm run ${name}: output`) + Buffer.concat(kept).toString());
      process.stdout.write(banner(`npm run ${name}: ${code === 0 ? 'passed' : `FAILED (${why})`} after ${seconds} s`));
      resolve(code);
    };
    child.on('error', (error) => finish(1, `could not start: ${error.message}`));
    child.on('close', (code, signal) => finish(code ?? 1, signal ? `signal ${signal}` : `exit code ${code}`));
  });
}

console.log(`run-together: ${scripts.map((name) => `npm run ${name}`).join(', ')} side by side; the output of all but the first is printed when each ends`);
const codes = await Promise.all(scripts.map((name, i) => runScript(name, i === 0)));
const failed = scripts.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) {
  console.error(`run-together: failed: ${failed.join(', ')}`);
  process.exit(1);
}
