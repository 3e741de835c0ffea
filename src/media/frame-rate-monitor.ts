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
import { proxy, wrap } from 'comlink';
import { animationFrameFeed, type FrameFeed, type FrameRateState } from '../../workers/core/frame-rate-monitor';
import { reportFramesInBatches } from '../core/frame-report-batcher';
import type { FrameRateApi } from '../../workers/frame-rate.worker';

export type { FrameRateState } from '../../workers/core/frame-rate-monitor';

/** Starts monitoring; the returned function stops it and ends the worker. */
export function startFrameRateMonitor(onChange: (state: FrameRateState) => void): () => void {
  const worker = new Worker(new URL('../../workers/frame-rate.worker.ts', import.meta.url), { type: 'module', name: 'frame-rate' });
  const api = wrap<FrameRateApi>(worker);
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
    void api.stop().finally(() => worker.terminate());
  };
}
