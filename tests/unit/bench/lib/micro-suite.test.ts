import { describe, expect, it } from 'vitest';
import { lastAnswer, runMicro } from '../../../../bench/lib/micro-suite';

describe('micro-benchmark runner', () => {
  it('reports each case by name, in order, with its answer kept', () => {
    const seen: string[] = [];
    const results = runMicro(
      [
        { name: 'sum', fn: () => [1, 2, 3].reduce((a, b) => a + b, 0) },
        { name: 'join', fn: () => ['a', 'b'].join('') },
      ],
      { maxTimeS: 0.05, onCase: (r) => seen.push(r.name) },
    );
    expect(results.map((r) => r.name)).toEqual(['sum', 'join']);
    expect(seen).toEqual(['sum', 'join']);
    expect(results.every((r) => r.opsPerSecond > 0 && r.samples > 0)).toBe(true);
    expect(lastAnswer()).toBe('ab');
  }, 20_000); // benchmark.js takes at least five samples per case whatever maxTime says: about a second, more on a loaded machine

  it('fails naming a case that throws instead of reporting it', () => {
    const boom = () => {
      throw new Error('broken fixture');
    };
    expect(() => runMicro([{ name: 'broken', fn: boom }], { maxTimeS: 0.05 })).toThrow('broken: broken fixture');
  });
});
