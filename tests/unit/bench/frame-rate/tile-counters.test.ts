import { describe, expect, it } from 'vitest';
import { TileCounters } from '../../../../bench/frame-rate/tile-counters';

const counters = () => new TileCounters(['drawn', 'received'] as const, 'received');

describe('tile counters over a window', () => {
  it('counts from each tile’s first reading', () => {
    const c = counters();
    c.add({ a: { drawn: 100, received: 110 }, b: { drawn: 50, received: 50 } });
    c.add({ a: { drawn: 120, received: 130 }, b: { drawn: 55, received: 56 } });
    c.add({ a: { drawn: 130, received: 141 }, b: { drawn: 60, received: 60 } });
    expect(c.of('a')).toEqual({ drawn: 30, received: 31 });
    expect(c.of('b')).toEqual({ drawn: 10, received: 10 });
    expect(c.total()).toEqual({ drawn: 40, received: 41 });
  });

  it('keeps counting a tile whose channel started again from zero, instead of subtracting', () => {
    const c = counters();
    c.add({ a: { drawn: 300, received: 310 } });
    c.add({ a: { drawn: 320, received: 330 } });
    // Restarted by the governor: the channel counts from zero again.
    c.add({ a: { drawn: 4, received: 5 } });
    c.add({ a: { drawn: 14, received: 15 } });
    expect(c.of('a')).toEqual({ drawn: 20 + 4 + 10, received: 20 + 5 + 10 });
  });

  it('keeps what a tile counted after it is no longer read, and counts a new tile from its first reading', () => {
    const c = counters();
    c.add({ a: { drawn: 10, received: 10 } });
    c.add({ a: { drawn: 16, received: 16 }, b: { drawn: 7, received: 7 } });
    c.add({ b: { drawn: 9, received: 9 } });
    expect(c.of('a')).toEqual({ drawn: 6, received: 6 });
    expect(c.of('b')).toEqual({ drawn: 2, received: 2 });
    expect(c.of('never')).toEqual({ drawn: 0, received: 0 });
    expect(c.total()).toEqual({ drawn: 8, received: 8 });
  });
});
