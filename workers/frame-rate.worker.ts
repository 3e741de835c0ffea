/**
 * Frame-rate monitor worker: a thin adapter over core/frame-rate-monitor.ts.
 * Its exports are its API: vite-plugin-comlink's worker entry exposes this
 * module with Comlink, and src/media/frame-rate-monitor.ts reaches it through
 * `new ComlinkWorker<typeof import('...frame-rate.worker')>`.
 *
 * It counts only the frames reported with `reportFrames` (the page's main
 * thread sends its animation frames): the worker's own animation frames keep
 * their pace however busy the page is, so counting them would never show a
 * slow page. Sampling runs here so the sample timer keeps time while the
 * main thread is blocked. The main thread passes a `Comlink.proxy` listener
 * to hear level changes.
 */
import { FrameRateMonitor, systemClock, type FrameRateListener, type FrameRateState } from './core/frame-rate-monitor';

const monitor = new FrameRateMonitor({ clock: systemClock });
let unsubscribe: (() => void) | undefined;

/** Starts monitoring; `onLevel` (a Comlink proxy) hears each change of level. */
export function start(onLevel?: FrameRateListener): FrameRateState {
  unsubscribe?.();
  unsubscribe = onLevel ? monitor.subscribe((state) => onLevel(state)) : undefined;
  monitor.start();
  return monitor.state;
}

export function stop(): void {
  unsubscribe?.();
  unsubscribe = undefined;
  monitor.stop();
}

export function pause(): void {
  monitor.pause();
}

export function resume(): void {
  monitor.resume();
}

export function reportFrames(count: number): void {
  monitor.frame(count);
}

export function state(): FrameRateState {
  return monitor.state;
}
