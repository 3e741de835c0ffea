/**
 * One-shot timers as a dependency: modules that wait (debounces, time-outs,
 * retry delays) take a `Timers` so unit tests drive time by hand, and the
 * browser passes `browserTimers`. It lives in workers/core because both the
 * main thread (src/) and workers use it, and workers cannot import src/.
 * The handle is opaque (`unknown`): a number in browsers and workers, an
 * object under Node, and callers only hand it back to `clearTimeout`.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The global scope's timers, of a window or of a worker alike. */
export const browserTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
