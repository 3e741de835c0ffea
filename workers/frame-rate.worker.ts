/**
 * Frame-rate monitor worker: a thin Comlink adapter over
 * core/frame-rate-monitor.ts. It counts only the frames reported with
 * `reportFrames` (the page's main thread sends its animation frames): the
 * worker's own animation frames keep their pace however busy the page is,
 * so counting them would never show a slow page. Sampling runs here so the
 * sample timer keeps time while the main thread is blocked. The main thread
 * passes a `Comlink.proxy` listener to hear level changes.
 */
import { expose } from 'comlink';
import { FrameRateMonitor, systemClock, type FrameRateListener, type FrameRateState } from './core/frame-rate-monitor';

const monitor = new FrameRateMonitor({ clock: systemClock });
let unsubscribe: (() => void) | undefined;

const api = {
  /** Starts monitoring; `onLevel` (a Comlink proxy) hears each change of level. */
  start(onLevel?: FrameRateListener): FrameRateState {
    unsubscribe?.();
    unsubscribe = onLevel ? monitor.subscribe((state) => onLevel(state)) : undefined;
    monitor.start();
    return monitor.state;
  },
  stop(): void {
    unsubscribe?.();
    unsubscribe = undefined;
    monitor.stop();
  },
  pause(): void {
    monitor.pause();
  },
  resume(): void {
    monitor.resume();
  },
  reportFrames(count: number): void {
    monitor.frame(count);
  },
  state(): FrameRateState {
    return monitor.state;
  },
};

expose(api);
export type FrameRateApi = typeof api;
