/**
 * A timeline context's playhead for display: recomputed from the context's
 * anchor on this component's own timer (4 times a second), so a running
 * clock never passes through the stores or re-renders anything else.
 * Paused contexts do not tick.
 */
import { useEffect, useState } from 'react';
import { currentTimeAt, isLiveAt, type TimelineContext } from '../../state/timeline.store';

export const RUNNING_TIME_TICK_MS = 250;

export interface RunningTime {
  /** The playhead, epoch ms (now when live). */
  timeMs: number;
  live: boolean;
}

export function useRunningTime(context: TimelineContext): RunningTime {
  const [, setTick] = useState(0);
  const ticking = !context.paused;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), RUNNING_TIME_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  // Read at render: a tick or a new context renders, and both want the time of that moment.
  const nowMs = Date.now();
  return { timeMs: currentTimeAt(context, nowMs), live: isLiveAt(context, nowMs) };
}
