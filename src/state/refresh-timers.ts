/**
 * Session-scoped periodic work (clock probe, later lists that refresh).
 * Sign-out stops them all at once (spec 4: "stops refresh").
 */
const stops = new Set<() => void>();

/** Runs `task` every `intervalMs` (and at once when `runNow`); answers a stop function. */
export function startRefreshTimer(task: () => void, intervalMs: number, runNow = true): () => void {
  if (runNow) task();
  const handle = setInterval(task, intervalMs);
  const stop = () => {
    clearInterval(handle);
    stops.delete(stop);
  };
  stops.add(stop);
  return stop;
}

export function stopRefreshTimers(): void {
  for (const stop of [...stops]) stop();
}
