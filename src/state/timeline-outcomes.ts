/**
 * Applies what the timeline's gestures mean (the worker's outcomes) to the
 * timeline store: seeks reach the store after 50 ms of quiet (spec 9's
 * time-change debounce: a drag sends one seek when it rests, not one per
 * pointer move), going live at once (a pending seek is dropped), and the
 * fine window is kept in the store, where export reads it as the selection
 * (cleared when live). Seeks go through the store's seek, which caps at
 * now, clears pause and brings the speed back to 1 within the live window.
 *
 * No React; timers are injected so tests run without real time.
 */
import { debounce } from '../../workers/core/debounce';
import type { TimelineOutcome } from '../media/timeline-view';
import { TIME_CHANGE_DEBOUNCE_MS } from '../core/timeline';
import { timelineActions, type TimelineStore } from './timeline.store';
import { browserTimers, type Timers } from '../../workers/core/browser-timers';

export interface OutcomeApplier {
  apply(outcomes: readonly TimelineOutcome[]): void;
  /** Drops a pending seek (the timeline goes away). */
  cancel(): void;
}

/** `key` is the context the timeline drives: the full-screen tile's, or the master when undefined. */
export function createOutcomeApplier(
  key: () => string | undefined,
  actions: Pick<TimelineStore['actions'], 'seek' | 'goLive' | 'setFine' | 'clearFine'> = timelineActions,
  timers: Timers = browserTimers,
): OutcomeApplier {
  const seek = debounce((timeMs: number) => actions.seek(timeMs, key()), TIME_CHANGE_DEBOUNCE_MS, timers);
  return {
    apply(outcomes) {
      for (const outcome of outcomes) {
        if (outcome.type === 'seek') seek(outcome.timeMs);
        else if (outcome.type === 'live') {
          seek.cancel();
          actions.goLive(key());
        } else if (outcome.type === 'fine') {
          if (outcome.fine) actions.setFine(outcome.fine.startMs, outcome.fine.stopMs);
          else actions.clearFine();
        }
      }
    },
    cancel: () => seek.cancel(),
  };
}
