/**
 * The stage wall's layout (spec 2 "Stage"/"Grid behaviour", spec 3 "Stage"):
 * the matrix of cells and what the grid shows while dragging (a green or red
 * target), the cell in full screen, and the player-limit alert. Actions run
 * the pure grid operations of src/core/stage-grid and persist the matrix
 * per user ('stage-matrix:<userId>' in IndexedDB through idb-keyval),
 * debounced 1000 ms. A stored matrix that cannot be read gives one empty
 * cell (spec 8).
 *
 * No React here; views read snapshots. `createStageStore` takes storage,
 * timers and a logger so tests run it without IndexedDB; `stageStore` is the
 * app's instance. Per-frame data (frames, stats) never lives here.
 *
 * Cost: each action is one grid operation (at most 256 cells) plus a
 * debounced write. Limits: the maximum player count is a setting (spec 9
 * gives no value); 64 until configured.
 */
import { proxy } from 'valtio/vanilla';
import type { DewarpMode, StageCamera, StageMatrix } from '../../server/shared/api';
import { assertDewarpMode } from '../../workers/core/dewarp/dewarp-settings';
import { canAddPlayer, playerLimitMessage } from '../core/player/player-modes';
import {
  type CellArea,
  type CellPosition,
  type ClaimOptions,
  type GridRefusal,
  type GridResult,
  type ResizeHandle,
  cellAt,
  claim,
  claimFirstFree,
  claimedAreas,
  cloneMatrix,
  createMatrix,
  drop,
  emptyCell,
  readStageMatrix,
  release,
  resizeToward,
  trim,
} from '../core/stage-grid';
import { timelineActions } from './timeline.store';
import { browserTimers, type Timers } from '../../workers/core/browser-timers';
import { idbSettingsStorage, userSetting, warnLog, type SettingsStorage } from './user-settings';

export const DEFAULT_MAX_PLAYERS = 64;

export type StageAlert = { type: 'player-limit'; maxPlayers: number; message: string };

/** What the grid paints while dragging or resizing: green when accepted, red when refused. */
export interface GridHighlight {
  area: CellArea;
  accepted: boolean;
  reason?: GridRefusal;
}

export interface StageState {
  userId: string | null;
  loaded: boolean;
  matrix: StageMatrix;
  /** The saved stage (layout) the matrix came from, if any. */
  layoutId: string | null;
  fullScreen: CellPosition | null;
  highlight: GridHighlight | null;
  alert: StageAlert | null;
  maxPlayers: number;
}

export type StageActionResult = { ok: true } | { ok: false; reason: GridRefusal | 'player-limit' };

export interface StageStoreDeps {
  storage?: SettingsStorage;
  timers?: Timers;
  log?: (message: string, detail?: unknown) => void;
  /** Hears full screen start (true) and end (false), however it ends. */
  onFullScreen?: (on: boolean) => void;
}


function sameHighlight(a: GridHighlight, b: GridHighlight): boolean {
  return (
    a.accepted === b.accepted &&
    a.reason === b.reason &&
    a.area.row === b.area.row &&
    a.area.column === b.area.column &&
    a.area.rowSpan === b.area.rowSpan &&
    a.area.columnSpan === b.area.columnSpan
  );
}

function playerCount(matrix: StageMatrix): number {
  return claimedAreas(matrix).length;
}

export function createStageStore(deps: StageStoreDeps = {}) {
  const log = deps.log ?? warnLog;
  const saved = userSetting<StageMatrix>('stage-matrix', 'stage', { storage: deps.storage ?? idbSettingsStorage, timers: deps.timers ?? browserTimers, log });

  const state = proxy<StageState>({
    userId: null,
    loaded: false,
    matrix: createMatrix(1, 1),
    layoutId: null,
    fullScreen: null,
    highlight: null,
    alert: null,
    maxPlayers: DEFAULT_MAX_PLAYERS,
  });

  /** Every change of full screen passes here, so its listener hears the ways out a user does not click. */
  function setFull(position: CellPosition | null): void {
    const was = state.fullScreen !== null;
    state.fullScreen = position ? { ...position } : null;
    if (was !== (position !== null)) deps.onFullScreen?.(position !== null);
  }

  function commit(matrix: StageMatrix): void {
    state.matrix = matrix;
    state.highlight = null;
    const full = state.fullScreen;
    if (full && !cellAt(matrix, full)?.camera) setFull(null);
    // A plain copy: IndexedDB cannot clone valtio proxies.
    if (state.userId !== null) saved.save(state.userId, cloneMatrix(matrix));
  }

  function apply(result: GridResult): StageActionResult {
    if (!result.ok) return { ok: false, reason: result.reason };
    commit(result.matrix);
    return { ok: true };
  }

  /** Paints a drag's target; pointer moves within one target leave the store (and the grid) untouched. */
  function highlight(result: GridResult): void {
    const next: GridHighlight | null = result.target ? { area: result.target, accepted: result.ok, ...(result.ok ? {} : { reason: result.reason }) } : null;
    const current = state.highlight;
    if (current === next || (current && next && sameHighlight(current, next))) return;
    state.highlight = next;
  }

  function limitReached(): boolean {
    if (canAddPlayer(playerCount(state.matrix), state.maxPlayers)) return false;
    state.alert = { type: 'player-limit', maxPlayers: state.maxPlayers, message: playerLimitMessage(state.maxPlayers) };
    return true;
  }

  const actions = {
    /** Loads the user's stage; an unreadable one becomes one empty cell. */
    async load(userId: string): Promise<void> {
      saved.flush();
      state.userId = userId;
      state.loaded = false;
      const stored = await saved.read(userId);
      if (state.userId !== userId) return; // another user signed in meanwhile
      const result = stored === undefined ? { ok: true as const, matrix: createMatrix(1, 1) } : readStageMatrix(stored);
      if (!result.ok) log('Failed to read the saved stage matrix', result.error);
      state.matrix = result.matrix;
      setFull(null);
      state.highlight = null;
      state.loaded = true;
    },

    /** Writes a pending save now (before sign-out or unload). */
    flush(): void {
      saved.flush();
    },

    setMaxPlayers(maxPlayers: number): void {
      state.maxPlayers = Math.max(1, Math.floor(maxPlayers));
    },

    dismissAlert(): void {
      state.alert = null;
    },

    /** Drops a camera on a cell (replacing its camera, if any). */
    claim(position: CellPosition, camera: StageCamera, options?: ClaimOptions): StageActionResult {
      const replacing = cellAt(state.matrix, position)?.camera;
      if (!replacing && limitReached()) return { ok: false, reason: 'player-limit' };
      return apply(claim(state.matrix, position, camera, options));
    },

    /** Adds a camera to the first free cell, growing the grid when full. */
    addCamera(camera: StageCamera, options?: ClaimOptions): StageActionResult {
      if (limitReached()) return { ok: false, reason: 'player-limit' };
      return apply(claimFirstFree(state.matrix, camera, options));
    },

    release(position: CellPosition): StageActionResult {
      return apply(release(state.matrix, position));
    },

    /** Clear Stage: one empty cell. */
    clear(): void {
      state.layoutId = null;
      commit(createMatrix(1, 1));
    },

    /** While dragging a camera from the bag: paints the cell it would land in (red on a spanned position). */
    previewClaim(position: CellPosition, camera: StageCamera): void {
      highlight(claim(state.matrix, position, camera));
    },

    /** While dragging a cell: paints the target green (move or swap) or red (refused). */
    previewDrop(from: CellPosition, pointer: CellPosition, grab?: CellPosition): void {
      highlight(drop(state.matrix, from, pointer, grab));
    },

    /** Drops a dragged cell: moves or swaps, or leaves the grid as it was when refused. */
    drop(from: CellPosition, pointer: CellPosition, grab?: CellPosition): StageActionResult {
      const result = apply(drop(state.matrix, from, pointer, grab));
      state.highlight = null;
      return result;
    },

    previewResize(position: CellPosition, handle: ResizeHandle, pointer: CellPosition): void {
      highlight(resizeToward(state.matrix, position, handle, pointer));
    },

    resize(position: CellPosition, handle: ResizeHandle, pointer: CellPosition): StageActionResult {
      const result = apply(resizeToward(state.matrix, position, handle, pointer));
      state.highlight = null;
      return result;
    },

    cancelDrag(): void {
      if (state.highlight) state.highlight = null;
    },

    setDewarpMode(position: CellPosition, mode: DewarpMode): void {
      assertDewarpMode(mode);
      const cell = cellAt(state.matrix, position);
      if (!cell?.camera || cell.dewarpMode === mode) return;
      const next = cloneMatrix(state.matrix);
      next[position.row]![position.column]!.dewarpMode = mode;
      commit(next);
    },

    /** Every dewarped cell back to Off (the browser cannot dewarp: spec 8 dewarpIncompatibleError). */
    dewarpOffEverywhere(): void {
      if (!state.matrix.some((row) => row.some((cell) => cell.camera && cell.dewarpMode !== 0))) return;
      const next = cloneMatrix(state.matrix);
      for (const row of next) for (const cell of row) if (cell.camera && cell.dewarpMode !== 0) cell.dewarpMode = 0;
      commit(next);
    },

    setForceLbm(position: CellPosition, forceLbm: boolean): void {
      const cell = cellAt(state.matrix, position);
      if (!cell?.camera || cell.forceLbm === forceLbm) return;
      const next = cloneMatrix(state.matrix);
      next[position.row]![position.column]!.forceLbm = forceLbm;
      commit(next);
    },

    /** Full screen shows one claimed cell at a time; null leaves it. */
    setFullScreen(position: CellPosition | null): void {
      if (position && !cellAt(state.matrix, position)?.camera) return;
      setFull(position);
    },

    /** Shows a saved stage (from the Stages tab or the cycle). */
    showLayout(layoutId: string, stageMatrix: unknown): void {
      const result = readStageMatrix(stageMatrix);
      if (!result.ok) log('Failed to read the stage matrix of a saved stage', result.error);
      state.layoutId = layoutId;
      commit(result.matrix);
    },

    /**
     * After restoring a stage: releases cells whose camera could not be
     * loaded (unknown, or its server gone), logging each (spec 8).
     */
    releaseUnavailable(isAvailable: (camera: StageCamera) => boolean): number {
      const next = cloneMatrix(state.matrix);
      let released = 0;
      for (const cells of next) {
        cells.forEach((cell, column) => {
          if (!cell.camera || isAvailable(cell.camera)) return;
          log('Failed to load a camera on stage restore', cell.camera);
          cells[column] = emptyCell();
          released++;
        });
      }
      // Trim once at the end, so positions do not shift while releasing.
      if (released > 0) commit(trim(next).matrix);
      return released;
    },
  };

  return { state, actions };
}

export type StageStore = ReturnType<typeof createStageStore>;

// Full screen saves and restores the timeline (spec 4). It is wired here, not
// in the stage view, because the stage store is where every way out of full
// screen meets: the header button, the cell being released or replaced, and
// another wall being loaded; a view-level hook would miss the last two.
export const stageStore: StageStore = createStageStore({
  onFullScreen: (on) => (on ? timelineActions.enterFullScreen() : timelineActions.exitFullScreen()),
});
export const stageState = stageStore.state;
export const stageActions = stageStore.actions;

// The grid's geometry for the stage views, which read it through this store
// (views do not import workers/ directly).
export {
  GRID_ANIMATION_MS,
  RESIZE_ZONE_PX,
  areaRect as stageAreaRect,
  hitTest as stageHitTest,
  layoutForMatrix as stageGridLayout,
  positionAt as stagePositionAt,
  tileRects as stageTileRects,
} from '../core/stage-grid';
export type { CellPosition, GridHit, GridLayout, Rect, ResizeHandle, TileRect } from '../core/stage-grid';
