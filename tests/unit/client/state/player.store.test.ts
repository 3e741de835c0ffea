import { describe, expect, it } from 'vitest';
import { effectiveVolume, nextVolume } from '../../../../src/state/player.store';

describe('volume', () => {
  it('cycles 0, 0.5, 1, 0 and is muted for every tile but the one in full screen', () => {
    expect([nextVolume(0), nextVolume(0.5), nextVolume(1)]).toEqual([0.5, 1, 0]);
    expect(effectiveVolume(1, 'other', 'me')).toBe(0);
    expect(effectiveVolume(1, 'me', 'me')).toBe(1);
    expect(effectiveVolume(0.5, null, 'me')).toBe(0.5);
  });
});
