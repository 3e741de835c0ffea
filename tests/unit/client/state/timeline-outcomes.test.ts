import { describe, expect, it, vi } from 'vitest';
import { createOutcomeApplier } from '../../../../src/state/timeline-outcomes';

function fakeTimers() {
  let next = 1;
  const pending = new Map<number, () => void>();
  return {
    setTimeout: (callback: () => void) => {
      pending.set(next, callback);
      return next++;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    fire() {
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
    },
  };
}

function actions() {
  return { seek: vi.fn(), goLive: vi.fn(), setFine: vi.fn(), clearFine: vi.fn() };
}

describe('timeline outcomes', () => {
  it('debounces seeks: a drag sends the last time once it rests', () => {
    const timers = fakeTimers();
    const store = actions();
    const applier = createOutcomeApplier(() => 'tile-1', store, timers);
    applier.apply([{ type: 'seek', timeMs: 1000, source: 'coarse' }]);
    applier.apply([{ type: 'seek', timeMs: 2000, source: 'coarse' }]);
    expect(store.seek).not.toHaveBeenCalled();
    timers.fire();
    expect(store.seek).toHaveBeenCalledExactlyOnceWith(2000, 'tile-1');
  });

  it('goes live at once and drops a pending seek', () => {
    const timers = fakeTimers();
    const store = actions();
    const applier = createOutcomeApplier(() => undefined, store, timers);
    applier.apply([{ type: 'seek', timeMs: 1000, source: 'needle' }, { type: 'live' }]);
    timers.fire();
    expect(store.goLive).toHaveBeenCalledOnce();
    expect(store.seek).not.toHaveBeenCalled();
  });

  it('keeps the fine window in the store as the selection, cleared when live', () => {
    const store = actions();
    const applier = createOutcomeApplier(() => undefined, store, fakeTimers());
    applier.apply([{ type: 'fine', fine: { startMs: 10, stopMs: 20_000 } }, { type: 'fine', fine: null }]);
    expect(store.setFine).toHaveBeenCalledWith(10, 20_000);
    expect(store.clearFine).toHaveBeenCalledOnce();
  });
});
