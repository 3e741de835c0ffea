import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followSource, SOURCE_CHECK_MS } from '../../../../../server/recorder/live/source-follower';

/** A hub that counts its subscribers and hands each pushed value to them. */
class Hub {
  readonly listeners = new Set<(value: number) => void>();
  subscribe(listener: (value: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  push(value: number): void {
    for (const listener of this.listeners) listener(value);
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function follow(first: Hub, latest: () => Hub | undefined, whenGone: 'keep' | 'drop') {
  const got: number[] = [];
  const feed = followSource<Hub>({ first, latest, subscribe: (hub) => hub.subscribe((v) => got.push(v)), whenGone });
  return { got, feed };
}

describe('followSource', () => {
  it('moves to the stream’s new hub at the next check and leaves the old one', () => {
    const a = new Hub();
    const b = new Hub();
    let current: Hub = a;
    const { got, feed } = follow(a, () => current, 'keep');
    a.push(1);
    current = b;
    a.push(2); // before the check: still on a
    vi.advanceTimersByTime(SOURCE_CHECK_MS);
    a.push(3);
    b.push(4);
    expect(got).toEqual([1, 2, 4]);
    expect(a.listeners.size).toBe(0);
    feed.stop();
    b.push(5);
    expect(got).toEqual([1, 2, 4]);
    expect(b.listeners.size).toBe(0);
  });

  it("keeps the last hub while the stream has none ('keep'), or lets it go ('drop')", () => {
    const kept = new Hub();
    const keeping = follow(kept, () => undefined, 'keep');
    const dropped = new Hub();
    const dropping = follow(dropped, () => undefined, 'drop');
    vi.advanceTimersByTime(SOURCE_CHECK_MS);
    kept.push(1);
    dropped.push(1);
    expect(keeping.got).toEqual([1]);
    expect(dropping.got).toEqual([]);
    expect(dropped.listeners.size).toBe(0);
    keeping.feed.stop();
    dropping.feed.stop();
  });
});
