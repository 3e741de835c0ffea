/**
 * Debouncing with injected timers, for the main thread and workers alike
 * (persisting settings, the timeline's time changes and scale lock): the
 * last call wins once `ms` have passed without another. Tests drive time
 * by hand through `Timers`.
 */
import type { Timers } from './browser-timers';

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Runs a pending call now. */
  flush(): void;
  cancel(): void;
}

/** Calls `fn` with the latest arguments once `ms` have passed without another call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, timers: Timers): Debounced<A> {
  let handle: unknown = undefined;
  let pending: A | undefined;
  const run = () => {
    handle = undefined;
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };
  const debounced = ((...args: A) => {
    pending = args;
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = timers.setTimeout(run, ms);
  }) as Debounced<A>;
  debounced.flush = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    run();
  };
  debounced.cancel = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
    pending = undefined;
  };
  return debounced;
}
