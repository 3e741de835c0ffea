import { describe, expect, it } from 'vitest';
import { parseResults, sameMachine } from '../../../../bench/lib/results-file';

describe('reading a results file back', () => {
  it('takes the headline figures, their commit and machine', () => {
    const text = JSON.stringify({
      name: 'api',
      date: '2026-01-02T03:04:05.000Z',
      commit: 'abc1234',
      machine: { cpus: 2, cpuModel: 'X' },
      figures: { 'ping p95 ms': { value: 1.5, better: 'lower', kind: 'absolute' } },
      results: [{ p95Ms: 1.5 }],
    });
    expect(parseResults(text)).toEqual({
      date: '2026-01-02T03:04:05.000Z',
      commit: 'abc1234',
      machine: { cpus: 2, cpuModel: 'X' },
      figures: { 'ping p95 ms': { value: 1.5, better: 'lower', kind: 'absolute' } },
    });
  });

  it('reads a figure written as null (it was NaN) as not measured, and drops malformed ones', () => {
    const text = JSON.stringify({ figures: { a: { value: null, better: 'higher', kind: 'ratio' }, b: { value: 1, better: 'up', kind: 'ratio' }, c: 3 } });
    const { figures, commit } = parseResults(text);
    expect(Object.keys(figures)).toEqual(['a']);
    expect(figures.a!.value).toBeNaN();
    expect(commit).toBe('unknown');
  });

  it('reads results from before figures were named as having none', () => {
    expect(parseResults(JSON.stringify({ name: 'api', results: [] })).figures).toEqual({});
  });

  it('tells machines apart by cores and CPU model', () => {
    expect(sameMachine({ cpus: 2, cpuModel: 'X', memoryGiB: 4 }, { cpus: 2, cpuModel: 'X', memoryGiB: 8 })).toBe(true);
    expect(sameMachine({ cpus: 2, cpuModel: 'X' }, { cpus: 4, cpuModel: 'X' })).toBe(false);
  });
});
