/**
 * When the controlled-shutdown page reloads (spec 2, 9): once the recorder
 * has been seen down and answers again, or after the safety time whatever
 * the pings said. Pure: the page feeds it ping results and elapsed time.
 */
import { CONTROLLED_SHUTDOWN_SAFETY_RELOAD_MS } from '../../../server/shared/properties';

export interface RestartWatch {
  seenDown: boolean;
}

export const RESTART_PING_INTERVAL_MS = 1000;

/** The next state after a ping, and whether to reload now. */
export function afterPing(watch: RestartWatch, answered: boolean, elapsedMs: number): { watch: RestartWatch; reload: boolean } {
  const seenDown = watch.seenDown || !answered;
  return { watch: { seenDown }, reload: (seenDown && answered) || elapsedMs >= CONTROLLED_SHUTDOWN_SAFETY_RELOAD_MS };
}
