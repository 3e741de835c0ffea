/**
 * Stage cycle (spec 3, 4 "Stages", 9): the stage wall can step through the
 * saved stages at a speed of 0 (off), 5, 10, 15, 20, 25, 30, 45, 60, 90 or
 * 120 s, skipping stages excluded from the cycle. After any change of the
 * cycle (speed, exclusions, stage list) the cycle's current stage is shown
 * 300 ms later, then the next one every speed x 1000 ms. Also here: the
 * local-setting keys (setting name plus user id) and the 1000 ms debounce
 * used to persist stage settings.
 *
 * Pure apart from the injected timers. Cost: one timer while cycling.
 * Limits: the stage order is the order of the ids given (the Stages tab's).
 */
import type { Timers } from '../../workers/core/browser-timers';
export const STAGE_CYCLE_SPEEDS = [0, 5, 10, 15, 20, 25, 30, 45, 60, 90, 120] as const;
export type StageCycleSpeed = (typeof STAGE_CYCLE_SPEEDS)[number];
export const STAGE_CYCLE_FIRST_DELAY_MS = 300;
export const STAGE_SETTINGS_PERSIST_DEBOUNCE_MS = 1000;

export interface StageCycleSettings {
  /** Seconds per stage; 0 = off. */
  speed: StageCycleSpeed;
  currentStage: string | null;
  /** Stage id to true when left out of the cycle. */
  excludeFromCycle: Record<string, boolean>;
}

export const DEFAULT_STAGE_CYCLE_SETTINGS: Readonly<StageCycleSettings> = Object.freeze({
  speed: 0,
  currentStage: null,
  excludeFromCycle: Object.freeze({}) as Record<string, boolean>,
});

export type LocalSettingName = 'stage-matrix' | 'stage-cycle' | 'timeline-links';

/** Local settings are keyed by setting name plus user id (spec 3). */
export function localSettingKey(name: LocalSettingName, userId: string): string {
  return `${name}:${userId}`;
}

export function isStageCycleSpeed(value: unknown): value is StageCycleSpeed {
  return typeof value === 'number' && (STAGE_CYCLE_SPEEDS as readonly number[]).includes(value);
}

/** Interval between stages; 0 when cycling is off. */
export function cycleIntervalMs(speed: StageCycleSpeed): number {
  return speed * 1000;
}

/** Stored cycle settings, each field defaulted when missing or unreadable. */
export function readStageCycleSettings(stored: unknown): StageCycleSettings {
  const value = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const exclude: Record<string, boolean> = {};
  if (typeof value.excludeFromCycle === 'object' && value.excludeFromCycle !== null) {
    for (const [id, excluded] of Object.entries(value.excludeFromCycle)) if (excluded === true) exclude[id] = true;
  }
  return {
    speed: isStageCycleSpeed(value.speed) ? value.speed : 0,
    currentStage: typeof value.currentStage === 'string' ? value.currentStage : null,
    excludeFromCycle: exclude,
  };
}

export function cycleStageIds(stageIds: readonly string[], exclude: Record<string, boolean>): string[] {
  return stageIds.filter((id) => exclude[id] !== true);
}

/** The stage after `currentId` in the cycle, wrapping; the first when `currentId` is not in it. */
export function nextStageId(
  stageIds: readonly string[],
  currentId: string | null,
  exclude: Record<string, boolean>,
): string | null {
  const cycle = cycleStageIds(stageIds, exclude);
  if (cycle.length === 0) return null;
  if (currentId !== null && !cycle.includes(currentId)) {
    // Continue after the excluded current stage's place rather than restarting.
    const after = stageIds.indexOf(currentId);
    if (after >= 0) return stageIds.slice(after + 1).find((id) => cycle.includes(id)) ?? cycle[0]!;
    return cycle[0]!;
  }
  const index = currentId === null ? -1 : cycle.indexOf(currentId);
  return cycle[(index + 1) % cycle.length]!;
}

/** The stage the cycle shows first: the current one when it takes part, else the next. */
export function firstStageId(stageIds: readonly string[], currentId: string | null, exclude: Record<string, boolean>): string | null {
  const cycle = cycleStageIds(stageIds, exclude);
  if (currentId !== null && cycle.includes(currentId)) return currentId;
  return nextStageId(stageIds, currentId, exclude);
}

export interface StageCyclerOptions {
  timers: Timers;
  /** Shows a stage; the cycler calls it with each stage it moves to. */
  show: (stageId: string) => void;
}

export class StageCycler {
  private timer: unknown = undefined;
  private current: string | null = null;

  constructor(private readonly options: StageCyclerOptions) {}

  /** (Re)starts the cycle for new settings or a new stage list; speed 0 or no stages stops it. */
  configure(settings: StageCycleSettings, stageIds: readonly string[]): void {
    this.stop();
    this.current = settings.currentStage;
    if (settings.speed === 0) return;
    const ids = [...stageIds];
    const exclude = { ...settings.excludeFromCycle };
    const interval = cycleIntervalMs(settings.speed);
    const step = (pick: typeof firstStageId, delayMs: number) => {
      this.timer = this.options.timers.setTimeout(() => {
        this.timer = undefined;
        const id = pick(ids, this.current, exclude);
        if (id === null) return;
        this.current = id;
        this.options.show(id);
        step(nextStageId, interval);
      }, delayMs);
    };
    step(firstStageId, STAGE_CYCLE_FIRST_DELAY_MS);
  }

  stop(): void {
    if (this.timer !== undefined) this.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }
}
