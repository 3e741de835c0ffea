/**
 * Builds a browser benchmark's page (bench/<name>/index.html) with vite, as
 * the client is built where it matters: the client's media facades create
 * their workers with vite-plugin-comlink's ComlinkWorker, so the page and
 * its workers get the plugin too.
 */
import path from 'node:path';
import { build } from 'vite';
import { comlink } from 'vite-plugin-comlink';

/** Builds bench/<folder> into `outDir` (emptied first). */
export async function buildBenchPage(folder: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.join(import.meta.dirname, '..', folder),
    base: './',
    plugins: [comlink()],
    worker: { format: 'es', plugins: () => [comlink()] },
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
  });
}
