/**
 * Per-tile player state the stage UI reads (spec 3 "Player state"): what
 * the player shows (overlay, error, player type, slow network, surface),
 * the digital zoom view, the perspective dewarp view (pan, tilt, zoom; the
 * stream's default view until the user drags or zooms it) and the volume. Keyed by the grid's tile key, which
 * follows a camera when its cell moves. Only changes land here (a player's
 * state machine or a user gesture), never per-frame data.
 *
 * Volume cycles 0, 0.5, 1, 0 (spec 2, 9); full screen mutes the other
 * tiles without changing their setting (`effectiveVolume`).
 */
import { proxy } from 'valtio/vanilla';
import { stageApi } from '../api/stage-api';
import { IDENTITY_VIEW, type DigitalView } from '../../workers/core/digital-zoom';
import type { PerspectiveView } from '../../workers/core/dewarp/dewarp-settings';
import type { PlayerErrorInfo, PlayerOverlay, PlayerType, SourceState } from '../core/player';

export const VOLUME_STEPS = [0, 0.5, 1] as const;
export type Volume = (typeof VOLUME_STEPS)[number];

export interface PlayerStatus {
  source: SourceState;
  overlay: PlayerOverlay;
  type: PlayerType;
  activeType: PlayerType;
  error: PlayerErrorInfo | null;
  countdownMs: number | null;
  offerLowBandwidth: boolean;
  slowNetwork: boolean;
  surface: 'canvas' | 'video' | 'compositor';
}

export interface PlayerUiState {
  status: PlayerStatus | null;
  zoom: DigitalView;
  /** The perspective dewarp view the user turned to; null: the stream's default view. */
  dewarpView: PerspectiveView | null;
  volume: Volume;
  /** The user's player-mode choice for this tile in this session, over the stage default. */
  typeOverride: PlayerType | null;
}

export interface PlayersState {
  tiles: Record<string, PlayerUiState>;
  /** The server's time zone for the players' time-zone table (GET /service/time-extended). */
  serverZone: { tz: string; tzOffset: number } | null;
}

export const playersState = proxy<PlayersState>({ tiles: {}, serverZone: null });

function tile(key: string): PlayerUiState {
  let entry = playersState.tiles[key];
  if (!entry) {
    entry = { status: null, zoom: { ...IDENTITY_VIEW }, dewarpView: null, volume: 0, typeOverride: null };
    playersState.tiles[key] = entry;
  }
  return entry;
}

export function nextVolume(volume: number): Volume {
  const index = VOLUME_STEPS.findIndex((step) => step === volume);
  return VOLUME_STEPS[(index + 1) % VOLUME_STEPS.length]!;
}

/** Spec 4: full screen mutes every other player. */
export function effectiveVolume(volume: number, fullScreenKey: string | null, key: string): number {
  return fullScreenKey !== null && fullScreenKey !== key ? 0 : volume;
}

export const playerActions = {
  setStatus(key: string, status: PlayerStatus): void {
    tile(key).status = status;
  },
  setZoom(key: string, view: DigitalView): void {
    const entry = tile(key);
    if (entry.zoom.scale === view.scale && entry.zoom.centerX === view.centerX && entry.zoom.centerY === view.centerY) return;
    entry.zoom = { ...view };
  },
  setDewarpView(key: string, view: PerspectiveView | null): void {
    const entry = tile(key);
    const was = entry.dewarpView;
    if (was === view || (was && view && was.pan === view.pan && was.tilt === view.tilt && was.zoom === view.zoom)) return;
    entry.dewarpView = view && { ...view };
  },
  cycleVolume(key: string): Volume {
    const entry = tile(key);
    entry.volume = nextVolume(entry.volume);
    return entry.volume;
  },
  setTypeOverride(key: string, type: PlayerType | null): void {
    tile(key).typeOverride = type;
  },
  async loadServerZone(): Promise<void> {
    if (playersState.serverZone) return;
    try {
      const { tz, tzOffset } = await stageApi.timeExtended();
      playersState.serverZone = { tz, tzOffset };
    } catch (error) {
      console.warn('Failed to read the server time zone', error);
    }
  },
  /** The tile left the stage. */
  forget(key: string): void {
    delete playersState.tiles[key];
  },
};
