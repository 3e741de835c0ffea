/**
 * Stage-wide player performance (spec 8 "Performance warning", spec 4
 * "Framerate level"): the frame-rate monitor's level, fed by the stage
 * while it is shown and read by the shell's frame-rate alert; and the
 * dewarp limit notice (8 dewarped players on mobile, else 16), and the
 * dewarpIncompatibleError alert (the browser cannot dewarp: dewarp is off).
 * The performance warning "can be hidden" (spec 8): hiding it lasts for the
 * browser session (sessionStorage), so a reload does not bring it back.
 */
import { proxy } from 'valtio/vanilla';
import type { FrameRateLevel } from '../../workers/core/frame-rate-monitor';

export interface PlayerPerformanceState {
  frameRate: { level: FrameRateLevel; averageFps: number } | null;
  /** Set when a dewarp request was refused at the limit. */
  dewarpLimit: number | null;
  /** Set when the stage's WebGL compositor could not start and dewarp was turned off. */
  dewarpIncompatible: boolean;
  /** The user hid the performance warning for this session. */
  performanceWarningHidden: boolean;
}

const WARNING_HIDDEN_KEY = 'argus.performanceWarningHidden';

function sessionFlag(key: string): boolean {
  try {
    return globalThis.sessionStorage?.getItem(key) === '1';
  } catch {
    return false; // storage refused (privacy mode): the warning shows
  }
}

export const playerPerformanceState = proxy<PlayerPerformanceState>({
  frameRate: null,
  dewarpLimit: null,
  dewarpIncompatible: false,
  performanceWarningHidden: sessionFlag(WARNING_HIDDEN_KEY),
});

export const playerPerformanceActions = {
  setFrameRate(state: { level: FrameRateLevel; averageFps: number } | null): void {
    playerPerformanceState.frameRate = state && { level: state.level, averageFps: state.averageFps };
  },
  showDewarpLimit(limit: number | null): void {
    playerPerformanceState.dewarpLimit = limit;
  },
  showDewarpIncompatible(shown: boolean): void {
    playerPerformanceState.dewarpIncompatible = shown;
  },
  hidePerformanceWarning(): void {
    playerPerformanceState.performanceWarningHidden = true;
    try {
      globalThis.sessionStorage?.setItem(WARNING_HIDDEN_KEY, '1');
    } catch {
      // Not remembered past this page; hidden until it reloads.
    }
  },
};
