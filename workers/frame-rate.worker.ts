/**
 * Frame-rate monitor worker: a thin Comlink adapter over
 * core/frame-rate-monitor.ts. It samples the worker's own animation frames
 * when the worker has requestAnimationFrame, and also counts frames reported
 * with `reportFrames` (the stage compositor, or a main-thread forwarder).
 * The main thread passes a `Comlink.proxy` listener to hear level changes.
 */
import { expose } from 'comlink';
import {
  FrameRateMonitor,
  animationFrameFeed,
  systemClock,
  type FrameRateListener,
  type FrameRateState,
} from './core/frame-rate-monitor';

const monitor = new FrameRateMonitor({
  clock: systemClock,
  feed: animationFrameFeed(self as unknown as Parameters<typeof animationFrameFeed>[0]),
});
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
