/** Shared by every benchmark: percentiles, a printed table and the JSON file in bench/results/. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figures } from './figures';
import { sourceVersion } from './source-version';

export const RESULTS_DIR = path.resolve(import.meta.dirname, '..', 'results');

export function percentile(sortedOrNot: number[], p: number): number {
  if (sortedOrNot.length === 0) return Number.NaN;
  const sorted = [...sortedOrNot].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function machine(): { cpus: number; cpuModel: string; memoryGiB: number; node: string } {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

/**
 * Writes bench/results/<name>.json: the full results, and the headline
 * `figures` that `npm run bench` compares with bench/baseline.json, with
 * the commit they were measured on.
 */
export function writeResults(name: string, results: unknown, figures: Figures = {}): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const written = { name, date: new Date().toISOString(), commit: sourceVersion(), machine: machine(), figures, results };
  fs.writeFileSync(file, JSON.stringify(written, null, 2));
  return file;
}

/** Lines framed so they stand out in a long log: a bench's warning that must not be missed (it never fails the run). */
export function loud(lines: string[]): void {
  const bar = '!'.repeat(78);
  console.log(`\n${bar}\n${lines.map((line) => `!! ${line}`).join('\n')}\n${bar}\n`);
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n${title}`);
  console.table(rows);
}
