/**
 * bench/baseline.json: the committed figures each bench's new run is
 * compared with. One entry per bench, with when, on which commit and on
 * which machine it was measured, so a reader can tell whether a difference
 * may come from the machine rather than the code. A bench without an entry
 * is compared as "no baseline".
 *
 * Refreshed only on purpose (`npm run bench -- --update-baseline`), one
 * entry per bench run, the others kept. Parsing, merging and writing out are
 * pure (unit tested); reading and writing the file are the two I/O helpers.
 */
import fs from 'node:fs';
import path from 'node:path';

export const BASELINE_FILE = path.resolve(import.meta.dirname, '..', 'baseline.json');

export interface BaselineEntry {
  date: string;
  commit: string;
  machine: Record<string, unknown>;
  figures: Record<string, number>;
}

export interface Baseline {
  about: string;
  benches: Record<string, BaselineEntry>;
}

const ABOUT =
  'Figures npm run bench compares new runs with; refresh with npm run bench -- --update-baseline [names]. ' +
  'Each entry: the commit and machine it was measured on.';

export function emptyBaseline(): Baseline {
  return { about: ABOUT, benches: {} };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the file's text; throws with the bench and field at fault rather than comparing with garbage. */
export function parseBaseline(text: string): Baseline {
  const data: unknown = JSON.parse(text);
  if (!isObject(data) || !isObject(data.benches)) throw new Error('baseline: expected { "benches": { ... } }');
  const benches: Record<string, BaselineEntry> = {};
  for (const [name, entry] of Object.entries(data.benches)) {
    if (!isObject(entry) || !isObject(entry.figures)) throw new Error(`baseline: ${name} has no figures`);
    const figures: Record<string, number> = {};
    for (const [figure, value] of Object.entries(entry.figures)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`baseline: ${name} / ${figure} is not a number`);
      figures[figure] = value;
    }
    benches[name] = {
      date: String(entry.date ?? ''),
      commit: String(entry.commit ?? ''),
      machine: isObject(entry.machine) ? entry.machine : {},
      figures,
    };
  }
  return { about: typeof data.about === 'string' ? data.about : ABOUT, benches };
}

/** A copy with `name`'s entry replaced (or added); other benches untouched. */
export function withEntry(baseline: Baseline, name: string, entry: BaselineEntry): Baseline {
  return { ...baseline, benches: { ...baseline.benches, [name]: entry } };
}

/** The file's text: benches in name order, so a refresh shows in review as a diff of figures only. */
export function serializeBaseline(baseline: Baseline): string {
  const benches = Object.fromEntries(Object.entries(baseline.benches).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify({ about: baseline.about, benches }, null, 2)}\n`;
}

export function readBaseline(file = BASELINE_FILE): Baseline {
  if (!fs.existsSync(file)) return emptyBaseline(); // none committed yet: every figure reads "no baseline"
  return parseBaseline(fs.readFileSync(file, 'utf8'));
}

export function writeBaseline(baseline: Baseline, file = BASELINE_FILE): void {
  fs.writeFileSync(file, serializeBaseline(baseline));
}
