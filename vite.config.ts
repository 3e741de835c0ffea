/**
 * Build and dev-server configuration of the browser client.
 *
 * - root '.', index.html at the root, output to dist/client: the recorder
 *   serves that folder at '/'.
 * - vite-plugin-comlink for the page and for worker bundles: a worker is
 *   created with `new ComlinkWorker<typeof import('...worker')>(new URL(...),
 *   { type: 'module', name })`, which the plugin turns into a module worker
 *   whose exports are exposed with Comlink and reached through a typed
 *   Remote. It must come before plugins that look at `new Worker(...)`.
 *   Worker bundles are ES modules.
 * - Shaders under shaders/ are imported as text with Vite's built-in `?raw`
 *   suffix (e.g. `import frag from '../../shaders/dewarp.frag?raw'`).
 * - The build writes dist/client/build-info.json ({ hash, date }, public like
 *   every client file) and, outside the served folder,
 *   dist/client-build-origin.json ({ user, host }): who built it and where is
 *   shown only to signed-in users, through GET /service/version. The public
 *   facts plus the package version reach the client as the `__ARGUS_BUILD__`
 *   constant (client hash and version on the version page).
 * - `npm run dev` proxies /service (HTTP and WebSocket) and /ping to a
 *   recorder on 127.0.0.1:8080.
 *
 * JSX goes through Vite's built-in Oxc transform (automatic runtime); no
 * React plugin is installed, so the dev server reloads the page instead of
 * hot-swapping components.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { comlink } from 'vite-plugin-comlink';

/** Public facts of the build: served as a client file and compiled into the client. */
interface BuildFacts {
  hash: string;
  date: string;
}

/** Who built the client and on which machine: kept out of the served folder. */
interface BuildOrigin {
  user: string;
  host: string;
}

/** Written beside the served folder (dist/client → dist/), where the recorder reads it. */
const BUILD_ORIGIN_FILE = 'client-build-origin.json';

function gitShortHash(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown'; // not a git checkout, or no commit yet: the hash is informational only
  }
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown'; // userInfo throws when the uid has no passwd entry (some containers)
  }
}

const facts: BuildFacts = { hash: gitShortHash(), date: new Date().toISOString() };
const origin: BuildOrigin = { user: userName(), host: os.hostname() };

const packageVersion = (JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** Emits build-info.json beside index.html and the build origin one folder up, out of what is served. */
function buildInfoFile(): Plugin {
  return {
    name: 'argus-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-info.json', source: `${JSON.stringify(facts, null, 2)}\n` });
    },
    writeBundle(options) {
      if (!options.dir) return;
      fs.writeFileSync(path.join(path.dirname(options.dir), BUILD_ORIGIN_FILE), `${JSON.stringify(origin, null, 2)}\n`);
    },
  };
}

/** The recorder `npm run dev` talks to; ARGUS_DEV_RECORDER points it elsewhere. */
const recorder = process.env.ARGUS_DEV_RECORDER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: '.',
  base: './',
  publicDir: 'public',
  plugins: [comlink(), buildInfoFile()],
  worker: {
    format: 'es',
    plugins: () => [comlink()],
  },
  define: {
    __ARGUS_BUILD__: JSON.stringify({ ...facts, version: packageVersion }),
  },
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Libraries ship React Server Components' 'use client' markers; they mean nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across client updates.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'ui', test: /node_modules[\\/](@headlessui|@react-aria|react-aria|@floating-ui|@tanstack|@swc)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/service': { target: recorder, ws: true, changeOrigin: true },
      '/ping': { target: recorder, changeOrigin: true },
    },
  },
});
