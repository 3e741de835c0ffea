import { describe, expect, it } from 'vitest';
import { emptyBaseline, parseBaseline, serializeBaseline, withEntry, type BaselineEntry } from '../../../../bench/lib/baseline';

const entry = (figures: Record<string, number>): BaselineEntry => ({ date: '2026-01-02T03:04:05.000Z', commit: 'abc1234', machine: { cpus: 2 }, figures });

describe('the baseline file', () => {
  it('reads back what it writes, benches in name order', () => {
    const baseline = withEntry(withEntry(emptyBaseline(), 'zeta', entry({ b: 2 })), 'api', entry({ a: 1 }));
    const text = serializeBaseline(baseline);
    expect(Object.keys(JSON.parse(text).benches)).toEqual(['api', 'zeta']);
    expect(parseBaseline(text)).toEqual(baseline);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('replaces one bench and keeps the others', () => {
    const before = withEntry(withEntry(emptyBaseline(), 'api', entry({ a: 1 })), 'cores', entry({ c: 3 }));
    const after = withEntry(before, 'api', entry({ a: 9 }));
    expect(after.benches.api!.figures).toEqual({ a: 9 });
    expect(after.benches.cores).toEqual(before.benches.cores);
    expect(before.benches.api!.figures).toEqual({ a: 1 });
  });

  it('refuses a file whose figures are not numbers, naming the bench and figure', () => {
    expect(() => parseBaseline('{"benches": {"api": {"figures": {"p95 ms": "fast"}}}}')).toThrow('api / p95 ms');
    expect(() => parseBaseline('{"benches": {"api": {}}}')).toThrow('api has no figures');
    expect(() => parseBaseline('[]')).toThrow('expected');
  });
});
