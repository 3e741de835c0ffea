/**
 * The client's size budget, checked after every build in `npm test`: the
 * gzip size of each built chunk (named without its content hash) against
 * bundle-size-budget.json, and of all of them together. A chunk without a
 * line of its own counts toward the total only. Over budget fails with the
 * table; raising a budget is a decision made in that file, with the reason
 * in the commit.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const assets = path.join(root, 'dist', 'client', 'assets');
const budget = JSON.parse(fs.readFileSync(path.join(root, 'bundle-size-budget.json'), 'utf8'));

if (!fs.existsSync(assets)) {
  console.error('dist/client/assets is missing: run `npm run build` first.');
  process.exit(2);
}

const rows = [];
let totalKiB = 0;
for (const file of fs.readdirSync(assets).filter((name) => /\.(js|css)$/.test(name)).sort()) {
  const chunk = file.replace(/-[A-Za-z0-9_-]{8}(\.(js|css))$/, '$1');
  const kib = zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length / 1024;
  totalKiB += kib;
  const limit = budget.chunksGzipKiB[chunk];
  rows.push({ chunk, gzipKiB: Number(kib.toFixed(1)), budgetKiB: limit ?? '(total only)', over: limit !== undefined && kib > limit });
}
rows.push({ chunk: 'total', gzipKiB: Number(totalKiB.toFixed(1)), budgetKiB: budget.totalGzipKiB, over: totalKiB > budget.totalGzipKiB });
console.table(rows);
const over = rows.filter((row) => row.over);
if (over.length > 0) {
  console.error(`Over the size budget: ${over.map((row) => `${row.chunk} ${row.gzipKiB} KiB > ${row.budgetKiB} KiB`).join(', ')}`);
  process.exit(1);
}
