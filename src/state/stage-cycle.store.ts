/**
 * The stage cycle's settings and timer (spec 3, 4, 9): speed (0 = off),
 * the current stage and the stages left out of the cycle, kept per user in
 * IndexedDB ('stage-cycle:<userId>' through idb-keyval), saved 1000 ms after
 * the last change. While a view is attached, the cycle shows the current
 * stage 300 ms after any change and the next one every speed x 1000 ms.
 *
 * No React here. `createStageCycleStore` takes storage and timers so tests
 * need no IndexedDB; `stageCycleStore` is the app's instance. The view gives
 * the stage ids (the Stages tab's order) and what showing a stage means.
 *
 * Cost: one timer while cycling and a debounced write per change.
 */
import { proxy } from 'valtio/vanilla';
import {
  DEFAULT_STAGE_CYCLE_SETTINGS,
  StageCycler,
  isStageCycleSpeed,
  readStageCycleSettings,
  type StageCycleSettings,
  type StageCycleSpeed,
} from '../core/stage-cycle';
import { browserTimers, type Timers } from '../../workers/core/browser-timers';
import { idbSettingsStorage, userSetting, warnLog, type SettingsStorage } from './user-settings';

export interface StageCycleState {
  userId: string | null;
  loaded: boolean;
  settings: StageCycleSettings;
  /** Saved stages in the order the Stages tab lists them. */
  stageIds: string[];
}

export interface StageCycleStoreDeps {
  storage?: SettingsStorage;
  timers?: Timers;
  log?: (message: string, detail?: unknown) => void;
}

function plainSettings(settings: StageCycleSettings): StageCycleSettings {
  return { speed: settings.speed, currentStage: settings.currentStage, excludeFromCycle: { ...settings.excludeFromCycle } };
}

export function createStageCycleStore(deps: StageCycleStoreDeps = {}) {
  const timers = deps.timers ?? browserTimers;
  const saved = userSetting<StageCycleSettings>('stage-cycle', 'stage cycle settings', {
    storage: deps.storage ?? idbSettingsStorage,
    timers,
    log: deps.log ?? warnLog,
  });

  const state = proxy<StageCycleState>({
    userId: null,
    loaded: false,
    settings: plainSettings(DEFAULT_STAGE_CYCLE_SETTINGS),
    stageIds: [],
  });

  let show: ((stageId: string) => void) | null = null;
  const cycler = new StageCycler({
    timers,
    show: (stageId) => {
      // A step of the cycle moves the current stage without restarting the cycle.
      state.settings.currentStage = stageId;
      save();
      show?.(stageId);
    },
  });

  function save(): void {
    if (state.userId !== null) saved.save(state.userId, plainSettings(state.settings));
  }

  function restart(): void {
    if (show) cycler.configure(plainSettings(state.settings), [...state.stageIds]);
  }

  function changed(): void {
    save();
    restart();
  }

  const actions = {
    async load(userId: string): Promise<void> {
      saved.flush();
      state.userId = userId;
      state.loaded = false;
      const stored = await saved.read(userId);
      if (state.userId !== userId) return;
      state.settings = readStageCycleSettings(stored);
      state.loaded = true;
      restart();
    },

    setSpeed(speed: number): void {
      if (!isStageCycleSpeed(speed)) throw new RangeError(`Stage cycle speed must be one of 0, 5, 10, 15, 20, 25, 30, 45, 60, 90, 120; got ${speed}.`);
      state.settings.speed = speed as StageCycleSpeed;
      changed();
    },

    setExcluded(stageId: string, excluded: boolean): void {
      if (excluded) state.settings.excludeFromCycle[stageId] = true;
      else delete state.settings.excludeFromCycle[stageId];
      changed();
    },

    /** The user opened a stage: the cycle continues from it. */
    setCurrentStage(stageId: string | null): void {
      state.settings.currentStage = stageId;
      changed();
    },

    setStages(stageIds: readonly string[]): void {
      state.stageIds = [...stageIds];
      restart();
    },

    /** Starts cycling for a view; the returned function stops it. */
    attach(onShow: (stageId: string) => void): () => void {
      show = onShow;
      restart();
      return () => {
        if (show !== onShow) return;
        show = null;
        cycler.stop();
      };
    },

    flush(): void {
      saved.flush();
    },
  };

  return {
    state,
    actions,
    /** Whether a step of the cycle is scheduled. */
    get cycling(): boolean {
      return cycler.running;
    },
  };
}

export type StageCycleStore = ReturnType<typeof createStageCycleStore>;

export const stageCycleStore: StageCycleStore = createStageCycleStore();
export const stageCycleState = stageCycleStore.state;
export const stageCycleActions = stageCycleStore.actions;
