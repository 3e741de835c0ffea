import { describe, expect, it } from 'vitest';
import { speedLabel } from '../../../../../../src/views/stage/control-bar/speed-label';

describe('speed label', () => {
  it('labels speeds with fractions and a minus sign for reverse', () => {
    expect([0.25, 0.5, 1, 64, -0.25, -16].map(speedLabel)).toEqual(['¼×', '½×', '1×', '64×', '−¼×', '−16×']);
  });
});
