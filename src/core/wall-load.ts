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
 * Why rate first: fewer pictures cut decoding and compositing at once and
 * take effect at the next picture (the pull loop simply asks later), with no
 * new recorder session and no visible restart; a smaller picture would need
 * both, so it is not used.
 *
 * Steps: 0 asks everything; each step halves what unfocused tiles ask (1/2,
 * then 1/4). A step is taken after ESCALATE_AFTER_MS spent critical at the
 * previous one (the monitor averages over a second, so a step needs time to
 * show), and given back after RECOVER_AFTER_MS at normal. Pure: the clock
 * is passed in.
 */
import type { FrameRateLevel } from '../../workers/core/frame-rate-monitor';

export const WALL_LOAD_RATE_FACTORS = [1, 0.5, 0.25] as const;
export type WallLoadStep = 0 | 1 | 2;
const MAX_STEP = (WALL_LOAD_RATE_FACTORS.length - 1) as WallLoadStep;
/** Time at 'critical' before the next step down. */
export const ESCALATE_AFTER_MS = 3_000;
/** Time at 'normal' before one step is given back (longer: a recovered page near its limit would swing back). */
export const RECOVER_AFTER_MS = 10_000;

export class WallLoadGovernor {
  private level: FrameRateLevel = 'normal';
  private currentStep: WallLoadStep = 0;
  /** When the level last changed or a step was last taken: the start of the current wait. */
  private sinceMs: number;

  constructor(nowMs: number) {
    this.sinceMs = nowMs;
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
    if (level !== this.level) {
      this.level = level;
      this.sinceMs = nowMs;
    }
    return this.currentStep;
  }

  /** Called about once a second while `settling`; answers the step now. */
  tick(nowMs: number): WallLoadStep {
    const waited = nowMs - this.sinceMs;
    if (this.level === 'critical' && this.currentStep < MAX_STEP && waited >= ESCALATE_AFTER_MS) {
      this.currentStep = (this.currentStep + 1) as WallLoadStep;
      this.sinceMs = nowMs;
    } else if (this.level === 'normal' && this.currentStep > 0 && waited >= RECOVER_AFTER_MS) {
      this.currentStep = (this.currentStep - 1) as WallLoadStep;
      this.sinceMs = nowMs;
    }
    return this.currentStep;
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
