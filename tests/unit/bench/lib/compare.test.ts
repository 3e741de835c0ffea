import { describe, expect, it } from 'vitest';
import { baselineValues, compareFigures, comparisonTable, formatChange, formatValue, judge, NOISE_BAND, summarize } from '../../../../bench/lib/compare';
import { higher, lower } from '../../../../bench/lib/figures';

describe('judging a figure against its baseline', () => {
  it('reads a change inside the noise band as noise, either way', () => {
    expect(judge(100, higher(110))).toEqual({ change: 0.1, verdict: 'within noise' });
    expect(judge(100, lower(90))).toEqual({ change: -0.1, verdict: 'within noise' });
    expect(judge(100, lower(100 * (1 + NOISE_BAND)))).toMatchObject({ verdict: 'within noise' });
  });

  it('says better or worse beyond the band, by the direction of the figure', () => {
    expect(judge(100, higher(130)).verdict).toBe('better');
    expect(judge(100, higher(70)).verdict).toBe('worse');
    expect(judge(100, lower(130)).verdict).toBe('worse');
    expect(judge(100, lower(70)).verdict).toBe('better');
    expect(judge(-10, higher(-5)).change).toBeCloseTo(0.5);
  });

  it('takes a band given', () => {
    expect(judge(100, higher(110), 0.05).verdict).toBe('better');
  });

  it('treats any move from a baseline of 0 as beyond the band, with no percentage', () => {
    expect(judge(0, lower(3))).toEqual({ change: undefined, verdict: 'worse' });
    expect(judge(0, lower(0))).toEqual({ change: 0, verdict: 'within noise' });
  });

  it('says "no baseline" and "not measured" rather than inventing a change', () => {
    expect(judge(undefined, higher(5))).toEqual({ change: undefined, verdict: 'no baseline' });
    expect(judge(5, higher(Number.NaN))).toEqual({ change: undefined, verdict: 'not measured' });
    expect(judge(5, undefined)).toEqual({ change: undefined, verdict: 'not measured' });
  });
});

describe('comparing a run with the baseline', () => {
  it('lists the new figures in their order, then the baseline figures the run did not produce', () => {
    const rows = compareFigures({ 'a ops/s': 100, 'gone ms': 4 }, { 'b x baseline': lower(2, 'ratio'), 'a ops/s': higher(50) });
    expect(rows.map((r) => [r.figure, r.kind, r.baseline, r.current, r.verdict])).toEqual([
      ['b x baseline', 'ratio', undefined, 2, 'no baseline'],
      ['a ops/s', 'absolute', 100, 50, 'worse'],
      ['gone ms', '', 4, undefined, 'not measured'],
    ]);
  });

  it('compares every figure as having no baseline when the bench has none', () => {
    expect(compareFigures(undefined, { x: higher(1) }).map((r) => r.verdict)).toEqual(['no baseline']);
  });

  it('keeps only measured values for the baseline file', () => {
    expect(baselineValues({ a: higher(1.5), b: lower(Number.NaN) })).toEqual({ a: 1.5 });
  });
});

describe('printing the comparison', () => {
  it('formats values to three significant digits and changes as signed percentages', () => {
    expect([formatValue(123456.7), formatValue(12.345), formatValue(0.5), formatValue(0), formatValue(0.00123), formatValue(undefined)]).toEqual([
      '123457',
      '12.3',
      '0.5',
      '0',
      '1.23e-3',
      '-',
    ]);
    expect([formatChange(0.123), formatChange(-0.5), formatChange(0), formatChange(undefined)]).toEqual(['+12.3 %', '-50.0 %', '+0.0 %', '-']);
  });

  it('puts flagged verdicts in capitals and sums them up', () => {
    const rows = compareFigures({ a: 10, b: 10, c: 10 }, { a: higher(20), b: higher(10), c: higher(5), d: higher(1) });
    expect(comparisonTable(rows).map((r) => r.verdict)).toEqual(['BETTER', 'within noise', 'WORSE', 'no baseline']);
    expect(comparisonTable(rows)[0]).toEqual({ figure: 'a', kind: 'absolute', baseline: '10', new: '20', change: '+100.0 %', verdict: 'BETTER' });
    expect(summarize(rows)).toBe('1 within ±15 %, 1 better, 1 worse, 1 without baseline');
  });
});
