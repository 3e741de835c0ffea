import { describe, expect, it } from 'vitest';
import { debounce } from '../../../../workers/core/debounce';
import { FakeClock } from '../../helpers/fake-clock';

describe('debounce', () => {
  it('runs once with the latest arguments after the quiet time', () => {
    const clock = new FakeClock();
    const calls: number[] = [];
    const save = debounce((n: number) => calls.push(n), 1000, clock);
    save(1);
    clock.advance(600);
    save(2);
    clock.advance(999);
    expect(calls).toEqual([]);
    clock.advance(1);
    expect(calls).toEqual([2]);
  });

  it('flushes a pending call at once and cancels it', () => {
    const clock = new FakeClock();
    const calls: number[] = [];
    const save = debounce((n: number) => calls.push(n), 1000, clock);
    save(1);
    save.flush();
    save.flush();
    save(2);
    save.cancel();
    clock.advance(5_000);
    expect(calls).toEqual([1]);
  });
});
