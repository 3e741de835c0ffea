/**
 * The stage's timeline contexts (spec 3 "Timeline state", spec 4): the
 * master context that every linked player follows, and per tile whether it
 * is linked and, when not, its own context (a copy of the master at the
 * moment of unlinking). Acting on a linked tile acts on the master, so the
 * control bar of a full-screen tile moves every linked player with it.
 *
 * Full screen saves the master and every tile's link and own context on the
 * way in and restores them exactly on the way out (spec 4), so whatever the
 * user changed in full screen is undone. Contexts are restored with their
 * anchors: a playing context comes back where it would have been had full
 * screen never happened.
 *
 * Only anchors live here (time, wall-clock anchor, speed, paused): a change
 * is one user action, never a frame. A running clock is computed from the
 * anchor by whoever shows it (`currentTimeAt`). No React here;
 * `createTimelineStore` takes the clock so tests run it without real time.
 *
 * Cost: each action replaces one or a few small objects. Limits: tiles are
 * keyed by the grid's tile key, so a camera shown twice has two entries.
 */
import { proxy } from 'valtio/vanilla';
import {
  goLive,
  liveContext,
  pause,
  resume,
  holdAt,
  seek,
  setSpeed,
  type TimelineContext,
} from '../core/timeline';

export interface TileTimeline {
  linked: boolean;
  /** The tile's own context while unlinked; null while linked. */
  own: TimelineContext | null;
}

export interface SavedTimeline {
  master: TimelineContext;
  tiles: Record<string, TileTimeline>;
}

/**
 * The playback timeline's fine window (spec 3 "fine time start and stop"):
 * the span the operator has marked on the scale. It is the selection that
 * export starts from; null while the timeline is live or has drawn none.
 */
export interface FineWindow {
  startMs: number;
  stopMs: number;
}

export interface TimelineState {
  /** The fine window the timeline shows in playback (the export selection); null when live. */
  fine: FineWindow | null;
  master: TimelineContext;
  tiles: Record<string, TileTimeline>;
  /** What full screen restores on leaving; null outside full screen. */
  saved: SavedTimeline | null;
}

export interface TimelineStoreDeps {
  now?: () => number;
}

const copyContext = (context: TimelineContext): TimelineContext => ({ ...context });

function copyTiles(tiles: Record<string, TileTimeline>): Record<string, TileTimeline> {
  const copy: Record<string, TileTimeline> = {};
  for (const [key, tile] of Object.entries(tiles)) copy[key] = { linked: tile.linked, own: tile.own && copyContext(tile.own) };
  return copy;
}

/** The context a tile follows: its own while unlinked, else the master. Tiles not seen yet are linked. */
export function tileContext(state: Pick<TimelineState, 'master' | 'tiles'>, key: string): TimelineContext {
  const tile = state.tiles[key];
  return tile && !tile.linked && tile.own ? tile.own : state.master;
}

export function isTileLinked(state: Pick<TimelineState, 'tiles'>, key: string): boolean {
  return state.tiles[key]?.linked ?? true;
}

export function createTimelineStore(deps: TimelineStoreDeps = {}) {
  const now = deps.now ?? Date.now;
  const state = proxy<TimelineState>({ fine: null, master: liveContext(now()), tiles: {}, saved: null });

  /** Replaces the context `key` follows (the master when omitted or linked). */
  function update(key: string | undefined, change: (context: TimelineContext, nowMs: number) => TimelineContext): void {
    const tile = key === undefined ? undefined : state.tiles[key];
    if (tile && !tile.linked && tile.own) tile.own = change(copyContext(tile.own), now());
    else state.master = change(copyContext(state.master), now());
  }

  const actions = {
    /** Moves the playhead (capped at now; within the live window: live). */
    seek(targetMs: number, key?: string): void {
      update(key, (context, nowMs) => seek(context, targetMs, nowMs));
    },

    goLive(key?: string): void {
      update(key, (_context, nowMs) => goLive(nowMs));
    },

    /** A speed step (throws RangeError for another value). */
    setSpeed(speed: number, key?: string): void {
      update(key, (context, nowMs) => setSpeed(context, speed, nowMs));
    },

    pause(key?: string): void {
      update(key, (context, nowMs) => pause(context, nowMs));
    },

    resume(key?: string): void {
      update(key, (context, nowMs) => resume(context, nowMs));
    },

    /** Frame stepping: the playhead held at the stepped frame's time, still paused. */
    holdAt(timeMs: number, key?: string): void {
      update(key, (context, nowMs) => holdAt(context, timeMs, nowMs));
    },

    togglePause(key?: string): void {
      update(key, (context, nowMs) => (context.paused ? resume(context, nowMs) : pause(context, nowMs)));
    },

    /** The timeline's fine window moved or was resized; a window that is not a span (stop at or before start) is a RangeError. */
    setFine(startMs: number, stopMs: number): void {
      if (!Number.isFinite(startMs) || !Number.isFinite(stopMs) || stopMs <= startMs) {
        throw new RangeError(`A fine window needs stop after start (got ${startMs} to ${stopMs}).`);
      }
      if (state.fine?.startMs === startMs && state.fine.stopMs === stopMs) return;
      state.fine = { startMs, stopMs };
    },

    /** The timeline went live: no fine window, so nothing is selected. */
    clearFine(): void {
      state.fine = null;
    },

    /** The tile follows the master again; its own context is dropped. */
    link(key: string): void {
      state.tiles[key] = { linked: true, own: null };
    },

    /** The tile keeps playing from where the master is now, on its own from here on. */
    unlink(key: string): void {
      if (!isTileLinked(state, key)) return;
      state.tiles[key] = { linked: false, own: copyContext(state.master) };
    },

    toggleLink(key: string): void {
      if (isTileLinked(state, key)) actions.unlink(key);
      else actions.link(key);
    },

    /** The tile left the stage. */
    forget(key: string): void {
      delete state.tiles[key];
    },

    /** Saves the master and every tile's link state; a second call (another cell in full screen) keeps the first save. */
    enterFullScreen(): void {
      if (state.saved) return;
      state.saved = { master: copyContext(state.master), tiles: copyTiles(state.tiles) };
    },

    /** Puts back exactly what entering full screen saved. */
    exitFullScreen(): void {
      const saved = state.saved;
      if (!saved) return;
      state.master = copyContext(saved.master);
      state.tiles = copyTiles(saved.tiles);
      state.saved = null;
    },
  };

  return { state, actions };
}

export type TimelineStore = ReturnType<typeof createTimelineStore>;

export const timelineStore: TimelineStore = createTimelineStore();
export const timelineState = timelineStore.state;
export const timelineActions = timelineStore.actions;

// The timeline rules the stage's views and player hooks read through this
// store (views do not import workers/ directly).
export {
  LIVE_WINDOW_MS,
  SPEED_STEPS,
  currentTimeAt,
  isLiveAt,
  pickedTimeMs,
  pickerFields,
  playRequestAt,
  requestDelayMs,
  sameContext,
  stepSpeed,
} from '../core/timeline';
export type { PickedDateTime, TimelineContext } from '../core/timeline';
