/**
 * The recorder's shape, read from its sources: each folder under
 * server/recorder (but core) is a feature; features may use each other, but
 * never in a circle, never through another feature's routes, and the core
 * uses none of them. A change that tangles the features fails here with the
 * imports that did it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const recorder = path.resolve(import.meta.dirname, '../../../../server/recorder');
const features = fs
  .readdirSync(recorder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'core')
  .map((entry) => entry.name);

interface Edge {
  from: string;
  to: string;
  file: string;
  target: string;
}

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Imports that cross from one top folder of server/recorder to another. */
function crossings(): Edge[] {
  const edges: Edge[] = [];
  for (const from of [...features, 'core']) {
    for (const file of filesUnder(path.join(recorder, from))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.relative(recorder, path.resolve(path.dirname(file), match[1]!));
        const to = target.split(path.sep)[0]!;
        if (to !== from && (features.includes(to) || to === 'core')) edges.push({ from, to, file: path.relative(recorder, file), target });
      }
    }
  }
  return edges;
}

describe('recorder features', () => {
  const edges = crossings();

  it('are found (the test reads the real tree)', () => {
    expect(features).toEqual(expect.arrayContaining(['identity', 'cameras', 'ingest', 'live', 'motion']));
    expect(edges.length).toBeGreaterThan(10);
  });

  it('leave the core free of every feature', () => {
    expect(edges.filter((edge) => edge.from === 'core').map((edge) => `${edge.file} -> ${edge.target}`)).toEqual([]);
  });

  it('never reach into another feature’s routes', () => {
    expect(edges.filter((edge) => edge.to !== 'core' && edge.target.endsWith('-routes')).map((edge) => `${edge.file} -> ${edge.target}`)).toEqual([]);
  });

  it('depend on each other without a circle', () => {
    const next = new Map<string, Set<string>>();
    for (const edge of edges) if (edge.to !== 'core' && edge.from !== 'core') next.set(edge.from, (next.get(edge.from) ?? new Set()).add(edge.to));
    const circles: string[] = [];
    const walk = (start: string, at: string, trail: string[]) => {
      for (const to of next.get(at) ?? []) {
        if (to === start) circles.push([...trail, to].join(' -> '));
        else if (!trail.includes(to)) walk(start, to, [...trail, to]);
      }
    };
    for (const feature of features) walk(feature, feature, [feature]);
    expect(circles).toEqual([]);
  });
});
