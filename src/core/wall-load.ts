/**
 * How much a wall asks of its tiles when the page cannot keep up (the
 * frame-rate monitor at 'critical', spec 4 and 9), for low-powered clients:
 * before the operator notices, the tiles out of focus are asked for fewer
 * pictures, in steps, and given back their rate step by step once the page
 * has recovered. The tile in focus (under the pointer, holding the keyboard
 * focus, or in full screen) always keeps its full rate: it is the one being
 * watched. The frame-rate alert still shows per spec 9; this only acts
 * sooner and quietly.
 *
 * Why rate first, then picture size: fewer pictures cut decoding and
 * compositing at once and take effect at the next picture (the pull loop
 * simply asks later), with no new recorder session and no visible restart.
 * A smaller picture needs both (the tile plays again from a session of the
 * smaller size), so it comes last; but on a page slow enough to stay
 * critical, rate alone was not enough: on a 20x throttled page the wall
 * decoded about 25 pictures a second in all, fewer than even the last
 * rate step asks, and only cheaper pictures raise that.
 *
 * Steps: 0 asks everything; each step halves the rate unfocused tiles ask
 * (1/2, then 1/4), and the last also asks them for pictures of half the
 * width and height (a quarter of the pixels to decode). A step is taken after ESCALATE_AFTER_MS spent critical at the
 * previous one (the monitor averages over a second, so a step needs time to
 * show), and given back after RECOVER_AFTER_MS at normal without a break.
 *
 * Critical time adds up across short returns to 'normal': a page at its
 * limit swings around the monitor's thresholds (measured on a 20x
 * throttled page: critical and normal in turn every 0.5-2 s), and a wait
 * started again at every swing never ended, so the wall stayed at step 0.
 * Only CALM_AFTER_MS at normal clears what was counted. Pure: the clock is
 * passed in.
 */
import type { FrameRateLevel } from '../../workers/core/frame-rate-monitor';

export const WALL_LOAD_RATE_FACTORS = [1, 0.5, 0.25] as const;
/** What each step multiplies an unfocused tile's picture size by (both sides). */
export const WALL_LOAD_PICTURE_SCALES = [1, 1, 0.5] as const;
export type WallLoadStep = 0 | 1 | 2;
const MAX_STEP = (WALL_LOAD_RATE_FACTORS.length - 1) as WallLoadStep;
/** Time at 'critical' (added up, see CALM_AFTER_MS) before the next step down. */
export const ESCALATE_AFTER_MS = 3_000;
/** Time at 'normal' without a break before one step is given back (longer: a recovered page near its limit would swing back). */
export const RECOVER_AFTER_MS = 10_000;
/** Time at 'normal' without a break that clears the critical time counted towards the next step. */
export const CALM_AFTER_MS = 3_000;

export class WallLoadGovernor {
  private level: FrameRateLevel = 'normal';
  private currentStep: WallLoadStep = 0;
  /** When the current level began. */
  private levelSinceMs: number;
  /** When the step last changed (a wait never counts time from before it). */
  private stepSinceMs: number;
  /** Critical time counted towards the next step before the current stretch of the level. */
  private criticalMs = 0;

  constructor(nowMs: number) {
    this.levelSinceMs = nowMs;
    this.stepSinceMs = nowMs;
  }

  get step(): WallLoadStep {
    return this.currentStep;
  }

  /** Whether `tick` can still change the step (the caller's timer runs only then). */
  get settling(): boolean {
    return this.level === 'critical' ? this.currentStep < MAX_STEP : this.currentStep > 0;
  }

  /** The monitor's new level; answers the step now (a change of level alone never moves it). */
  setLevel(level: FrameRateLevel, nowMs: number): WallLoadStep {
    if (level === this.level) return this.currentStep;
    if (this.level === 'critical') this.criticalMs += this.stretchMs(nowMs);
    else if (this.stretchMs(nowMs) >= CALM_AFTER_MS) this.criticalMs = 0;
    this.level = level;
    this.levelSinceMs = nowMs;
    return this.currentStep;
  }

  /** Called about once a second while `settling`; answers the step now. */
  tick(nowMs: number): WallLoadStep {
    if (this.level === 'critical' && this.currentStep < MAX_STEP && this.criticalMs + this.stretchMs(nowMs) >= ESCALATE_AFTER_MS) {
      this.moveTo((this.currentStep + 1) as WallLoadStep, nowMs);
    } else if (this.level === 'normal' && this.currentStep > 0 && this.stretchMs(nowMs) >= RECOVER_AFTER_MS) {
      this.moveTo((this.currentStep - 1) as WallLoadStep, nowMs);
    }
    return this.currentStep;
  }

  /** How long the current level has lasted since it began or since the last step, whichever is later. */
  private stretchMs(nowMs: number): number {
    return nowMs - Math.max(this.levelSinceMs, this.stepSinceMs);
  }

  private moveTo(step: WallLoadStep, nowMs: number): void {
    this.currentStep = step;
    this.stepSinceMs = nowMs;
    this.criticalMs = 0;
  }
}

/**
 * The least time between two picture requests of a tile (0: no limit), for
 * a wall asked `baseRateFps` pictures a second: focused tiles and step 0 are
 * not held back.
 */
export function tilePaceMs(step: WallLoadStep, focused: boolean, baseRateFps: number): number {
  if (focused || step === 0 || !(baseRateFps > 0)) return 0;
  return Math.round(1000 / (baseRateFps * WALL_LOAD_RATE_FACTORS[step]));
}

/** What a tile's picture size is multiplied by (both sides) at `step`: focused tiles keep theirs. */
export function tilePictureScale(step: WallLoadStep, focused: boolean): number {
  return focused ? 1 : WALL_LOAD_PICTURE_SCALES[step];
}
