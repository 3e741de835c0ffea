/**
 * Main-thread facade of the frame-rate monitor worker (spec 4, 9): the
 * stage starts it while it is shown and stops it when it leaves; it pauses
 * while the page is hidden (a hidden page draws nothing, which is not a
 * slow machine). The page's animation frames are counted here, on the main
 * thread, and sent to the worker in batches; the worker samples them every
 * 33 ms over 1000 ms (its timer is not delayed by a busy page) and reports
 * only changes of level (normal / critical below 8 fps) to `onChange`.
 *
 * Cost: one small worker and about ten messages a second while the stage is
 * shown.
 */
import { proxy } from 'comlink';
import { endpointSymbol } from 'vite-plugin-comlink/symbol';
import { animationFrameFeed, type FrameFeed, type FrameRateState } from '../../workers/core/frame-rate-monitor';
import { reportFramesInBatches } from '../core/frame-report-batcher';

export type { FrameRateState } from '../../workers/core/frame-rate-monitor';

/** Starts monitoring; the returned function stops it and ends the worker. */
export function startFrameRateMonitor(onChange: (state: FrameRateState) => void): () => void {
  // The worker module's exports are its API (vite-plugin-comlink exposes them).
  const api = new ComlinkWorker<typeof import('../../workers/frame-rate.worker')>(new URL('../../workers/frame-rate.worker', import.meta.url), {
    type: 'module',
    name: 'frame-rate',
  });
  let stopped = false;
  void api.start(proxy((state: FrameRateState) => !stopped && onChange(state))).then((state) => !stopped && onChange(state));
  // The window always has requestAnimationFrame; the feed is optional only for scopes that lack it.
  const pageFrames = animationFrameFeed(window) as FrameFeed;
  const stopCounting = reportFramesInBatches(pageFrames, (count) => void api.reportFrames(count), () => performance.now());
  const onVisibility = () => void (document.hidden ? api.pause() : api.resume());
  document.addEventListener('visibilitychange', onVisibility);
  if (document.hidden) void api.pause();
  return () => {
    stopped = true;
    stopCounting();
    document.removeEventListener('visibilitychange', onVisibility);
    // The plugin's Remote carries its Worker under endpointSymbol: Comlink's releaseProxy would leave it running.
    void api.stop().finally(() => api[endpointSymbol].terminate());
  };
}
