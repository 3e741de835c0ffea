import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ESCALATE_AFTER_MS, RECOVER_AFTER_MS } from '../../../../src/core/wall-load';
import { WallPacing } from '../../../../src/media/wall-pacing';

describe('wall pacing', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  function rig() {
    const paces: Array<[string, number]> = [];
    const scales: Array<[string, number]> = [];
    const steps: number[] = [];
    const pacing = new WallPacing(
      {
        tileIds: () => ['a', 'b'],
        setPace: (tileId, paceMs) => paces.push([tileId, paceMs]),
        setPictureScale: (tileId, scale) => scales.push([tileId, scale]),
      },
      10,
      (step) => steps.push(step),
    );
    return { pacing, paces, scales, steps };
  }

  it('slows the tiles out of focus while the page is critical, spares the focused one, and gives the rate back after recovery', () => {
    const { pacing, paces, steps } = rig();
    pacing.setFocused('a', true);
    pacing.setLevel('critical');
    vi.advanceTimersByTime(ESCALATE_AFTER_MS + 1000);
    expect(pacing.step).toBe(1);
    // Only the unfocused tile got a pace: 10 fps halved is a picture every 200 ms.
    expect(paces).toEqual([['b', 200]]);

    pacing.setLevel('normal');
    vi.advanceTimersByTime(RECOVER_AFTER_MS + 1000);
    expect(pacing.step).toBe(0);
    expect(paces.at(-1)).toEqual(['b', 0]);
    expect(steps).toEqual([1, 0]);
  });

  it('at the last step also halves the picture size of the tiles out of focus, and gives it back first on recovery', () => {
    const { pacing, paces, scales } = rig();
    pacing.setFocused('a', true);
    pacing.setLevel('critical');
    vi.advanceTimersByTime(ESCALATE_AFTER_MS + 1000);
    expect(pacing.step).toBe(1);
    // Rate first: no picture size change yet.
    expect(scales).toEqual([]);
    vi.advanceTimersByTime(ESCALATE_AFTER_MS + 1000);
    expect(pacing.step).toBe(2);
    expect(paces.at(-1)).toEqual(['b', 400]);
    expect(scales).toEqual([['b', 0.5]]);

    pacing.setLevel('normal');
    vi.advanceTimersByTime(RECOVER_AFTER_MS + 1000);
    expect(pacing.step).toBe(1);
    expect(scales).toEqual([
      ['b', 0.5],
      ['b', 1],
    ]);
    expect(paces.at(-1)).toEqual(['b', 200]);
  });

  it('runs no timer while the governor has nothing to settle, and none after close', () => {
    const { pacing } = rig();
    pacing.setLevel('normal');
    expect(vi.getTimerCount()).toBe(0);
    pacing.setLevel('critical');
    expect(vi.getTimerCount()).toBe(1);
    pacing.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives a tile that comes back after being forgotten its pace again', () => {
    const { pacing, paces } = rig();
    pacing.setLevel('critical');
    vi.advanceTimersByTime(ESCALATE_AFTER_MS + 1000);
    const given = paces.length;
    pacing.forget('b');
    pacing.setFocused('b', false);
    expect(paces.length).toBe(given + 1);
    expect(paces.at(-1)).toEqual(['b', 200]);
  });
});
