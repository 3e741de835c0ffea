import { describe, expect, it } from 'vitest';
import { parseRunArgs, selectBenches } from '../../../../bench/lib/run-args';

const files = ['run-all.ts', 'wall-startup.bench.ts', 'api.bench.ts', 'frame-rate.bench.ts', 'cores.bench.ts', 'lib'];

describe('npm run bench arguments', () => {
  it('reads names and flags in any order', () => {
    expect(parseRunArgs(['frame-rate', '--update-baseline', 'api.bench.ts'])).toEqual({ names: ['frame-rate', 'api'], updateBaseline: true, noRun: false });
    expect(parseRunArgs(['--no-run'])).toEqual({ names: [], updateBaseline: false, noRun: true });
  });

  it('refuses an unknown flag before anything runs', () => {
    expect(() => parseRunArgs(['--update'])).toThrow('unknown option --update');
  });

  it('selects every bench by default, in name order, and only bench files', () => {
    expect(selectBenches(files, [])).toEqual(['api.bench.ts', 'cores.bench.ts', 'frame-rate.bench.ts', 'wall-startup.bench.ts']);
  });

  it('selects by name prefix', () => {
    expect(selectBenches(files, ['frame-rate'])).toEqual(['frame-rate.bench.ts']);
    expect(selectBenches(files, ['wall', 'a'])).toEqual(['api.bench.ts', 'wall-startup.bench.ts']);
  });

  it('selects only the bench of a whole name, not the longer names it starts', () => {
    const withScale = [...files, 'aggregator.bench.ts', 'aggregator-scale.bench.ts'];
    expect(selectBenches(withScale, ['aggregator'])).toEqual(['aggregator.bench.ts']);
    expect(selectBenches(withScale, ['aggregator-scale'])).toEqual(['aggregator-scale.bench.ts']);
    expect(selectBenches(withScale, ['agg'])).toEqual(['aggregator-scale.bench.ts', 'aggregator.bench.ts']);
    expect(selectBenches(withScale, ['aggregator', 'api'])).toEqual(['aggregator.bench.ts', 'api.bench.ts']);
  });

  it('refuses a name that matches no bench, listing those there are', () => {
    expect(() => selectBenches(files, ['api', 'framerate'])).toThrow('no bench named framerate; there are: api, cores, frame-rate, wall-startup');
  });
});
