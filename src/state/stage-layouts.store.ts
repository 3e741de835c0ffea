/**
 * Saved stages for the Stages tab (spec 2, 3, 6): the list from
 * /service/layouts, opening one on the wall, saving the wall as a new stage
 * or into an existing one, renaming, sharing and un-sharing (administrators
 * only) and deleting. Who may change what is the server's rule; the view
 * asks `canEditLayout` to show a lock instead of the menu.
 *
 * Cost: one list call on entering the stage and after each change.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { Layout } from '../../server/shared/api';
import { isAdministrator, type Role } from '../../server/shared/roles';
import { describeApiError } from '../api/error-message';
import { stageApi } from '../api/stage-api';
import { stageCycleActions } from './stage-cycle.store';
import { stageActions, stageState } from './stage.store';

export interface StageLayoutsState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  layouts: Layout[];
  error: string | null;
  busy: boolean;
}

export const stageLayoutsState = proxy<StageLayoutsState>({ status: 'idle', layouts: [], error: null, busy: false });

/** Spec 6: shared stages are the administrators'; anyone manages their own unshared ones. */
export function canEditLayout(layout: Pick<Layout, 'shared' | 'owner'>, role: Role | undefined, userId: string | null): boolean {
  if (isAdministrator(role)) return true;
  return !layout.shared && layout.owner?.id === userId;
}

/** Stages listed by name, case-insensitively. */
export function sortLayouts(layouts: readonly Layout[]): Layout[] {
  return [...layouts].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

function plainMatrix() {
  return JSON.parse(JSON.stringify(stageState.matrix)) as Layout['stageMatrix'];
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  stageLayoutsState.busy = true;
  stageLayoutsState.error = null;
  try {
    return await work();
  } catch (error) {
    stageLayoutsState.error = describeApiError(error);
    throw error;
  } finally {
    stageLayoutsState.busy = false;
  }
}

export const stageLayoutsActions = {
  async load(): Promise<void> {
    if (stageLayoutsState.status === 'idle') stageLayoutsState.status = 'loading';
    try {
      const layouts = sortLayouts(await stageApi.layouts());
      stageLayoutsState.layouts = ref(layouts) as Layout[];
      stageLayoutsState.status = 'ready';
      stageCycleActions.setStages(layouts.map((layout) => layout.id));
    } catch (error) {
      stageLayoutsState.status = 'failed';
      stageLayoutsState.error = describeApiError(error);
    }
  },

  /** Shows a saved stage on the wall; the cycle continues from it. */
  open(id: string): void {
    const layout = stageLayoutsState.layouts.find((entry) => entry.id === id);
    if (!layout) return;
    stageActions.showLayout(layout.id, layout.stageMatrix);
    stageCycleActions.setCurrentStage(layout.id);
  },

  /** Saves the wall as a new stage (Save Stage and the stage dialog). */
  async create(name: string): Promise<Layout> {
    const layout = await run(() => stageApi.createLayout({ name: name.trim(), shared: false, stageMatrix: plainMatrix() }));
    stageActions.showLayout(layout.id, layout.stageMatrix);
    await stageLayoutsActions.load();
    return layout;
  },

  /** Saves the wall into an existing stage. */
  async saveInto(id: string): Promise<void> {
    await run(() => stageApi.updateLayout(id, { stageMatrix: plainMatrix() }));
    await stageLayoutsActions.load();
  },

  async rename(id: string, name: string): Promise<void> {
    await run(() => stageApi.updateLayout(id, { name: name.trim() }));
    await stageLayoutsActions.load();
  },

  async setShared(id: string, shared: boolean): Promise<void> {
    await run(() => stageApi.updateLayout(id, { shared }));
    await stageLayoutsActions.load();
  },

  async remove(id: string): Promise<void> {
    await run(() => stageApi.deleteLayout(id));
    await stageLayoutsActions.load();
  },

  dismissError(): void {
    stageLayoutsState.error = null;
  },
};

// The cycle's speeds for the Stages tab's selector (views do not import workers/ directly).
export { STAGE_CYCLE_SPEEDS } from '../core/stage-cycle';
