/**
 * `npm run bench`: runs every bench/*.bench.ts one after another (they share
 * two cores, so never in parallel), each printing its figures and writing
 * bench/results/<name>.json. `npm run bench -- api export` runs only those.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const benchDir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((w) => file.startsWith(w)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync('npx', ['tsx', path.join(benchDir, file)], { stdio: 'inherit', timeout: 15 * 60_000 });
  if (result.status !== 0) {
    failed++;
    console.error(`${file} failed (${result.status ?? result.signal})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
