#!/usr/bin/env node
/**
 * Makes a fresh Debian machine with Node 20 ready, installing only what is
 * missing: npm packages (npm ci), Debian's ffmpeg (--runtime), Debian's
 * chromium and postgresql (--browser: what the tests need; the aggregator's
 * PostgreSQL tests start their own server from its binaries), and a client
 * build that is older than its sources (--build). Uses nothing but Node's own modules, because it runs before
 * node_modules exists. Quiet and fast when everything is already there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`setup: '${command} ${commandArgs.join(' ')}' failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

function has(command) {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;
}

function newestMtimeMs(entries) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return; // listed input that does not exist (optional folder)
    }
    if (stat.isDirectory()) for (const child of fs.readdirSync(p)) visit(path.join(p, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

function ensureNpmPackages() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs);
  if (!stale) return;
  console.log('setup: installing npm packages (first run compiles better-sqlite3, about a minute)');
  run('npm', fs.existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund']);
}

/** Debian's PostgreSQL keeps its server programs off the PATH, under /usr/lib/postgresql/<version>/bin. */
function hasPostgresServer() {
  const root = '/usr/lib/postgresql';
  return fs.existsSync(root) && fs.readdirSync(root).some((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')));
}

function ensureDebianPackages(packages) {
  const missing = packages.filter(({ binary, present }) => !(present ? present() : has(binary))).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  if (process.getuid && process.getuid() !== 0) {
    console.error(`setup: please install ${missing.join(' ')} (e.g. sudo apt-get install -y ${missing.join(' ')}) and run again`);
    process.exit(1);
  }
  console.log(`setup: installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
}

function ensureClientBuild() {
  const built = path.join(root, 'dist', 'client', 'index.html');
  const sources = ['src', 'workers', 'shaders', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'server/shared'];
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestMtimeMs(sources)) return;
  console.log('setup: building the client');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
}

ensureNpmPackages();
const debian = [];
if (args.has('--runtime')) debian.push({ binary: 'ffmpeg', pkg: 'ffmpeg' }, { binary: 'ffprobe', pkg: 'ffmpeg' });
if (args.has('--browser')) debian.push({ binary: 'chromium', pkg: 'chromium' }, { present: hasPostgresServer, pkg: 'postgresql' });
ensureDebianPackages(debian);
// ARGUS_SKIP_BUILD=1 is for server-only work while the client does not build; the product always builds.
if (args.has('--build') && process.env.ARGUS_SKIP_BUILD !== '1') ensureClientBuild();

