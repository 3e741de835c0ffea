/**
 * Reads back what writeResults wrote (bench/results/<name>.json) for the
 * comparison with the baseline: when, on which commit and machine, and the
 * headline figures. Results written before benches named their figures, or
 * by a bench that names none, read as having no figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Figure, Figures } from './figures';
import { RESULTS_DIR } from './report';

export interface ResultsSummary {
  date: string;
  commit: string;
  machine: Record<string, unknown>;
  figures: Figures;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function asFigure(value: unknown): Figure | undefined {
  if (!isObject(value)) return undefined;
  const better = value.better === 'higher' || value.better === 'lower' ? value.better : undefined;
  const kind = value.kind === 'ratio' || value.kind === 'absolute' ? value.kind : undefined;
  // A figure that was NaN is written as null by JSON: kept as NaN so the comparison says "not measured".
  const number = typeof value.value === 'number' ? value.value : value.value === null ? Number.NaN : undefined;
  return better && kind && number !== undefined ? { value: number, better, kind } : undefined;
}

export function parseResults(text: string): ResultsSummary {
  const data: unknown = JSON.parse(text);
  if (!isObject(data)) throw new Error('results: not a JSON object');
  const figures: Figures = {};
  for (const [name, value] of Object.entries(isObject(data.figures) ? data.figures : {})) {
    const figure = asFigure(value);
    if (figure) figures[name] = figure;
  }
  return {
    date: String(data.date ?? ''),
    commit: String(data.commit ?? 'unknown'),
    machine: isObject(data.machine) ? data.machine : {},
    figures,
  };
}

/** The bench's last results, or undefined when it has never written any. */
export function readResults(name: string): ResultsSummary | undefined {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  if (!fs.existsSync(file)) return undefined;
  return parseResults(fs.readFileSync(file, 'utf8'));
}

/** Whether two runs were on a machine of the same kind (cores and CPU model); otherwise figures may differ for that alone. */
export function sameMachine(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return a.cpus === b.cpus && a.cpuModel === b.cpuModel;
}
