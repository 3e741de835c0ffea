import { describe, expect, it } from 'vitest';
import { searchAddresses } from '../../../../../../src/views/cameras/add/discovery-search';

describe('searching several addresses', () => {
  it('probes every address, at most `concurrency` at once, and goes on past a failed one', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const found: string[] = [];
    const failed: string[] = [];
    const progress: Array<[number, number]> = [];
    await searchAddresses(
      ['a', 'b', 'bad', 'c', 'd'],
      async (address) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight--;
        if (address === 'bad') throw new Error('refused');
        return [address];
      },
      { onFound: (items) => found.push(...items), onFailed: (address) => failed.push(address), onProgress: (done, total) => progress.push([done, total]) },
      2,
    );
    expect(found.sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(failed).toEqual(['bad']);
    expect(maxInFlight).toBe(2);
    expect(progress.at(-1)).toEqual([5, 5]);
  });
});
