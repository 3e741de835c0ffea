/**
 * Player options (spec 3): which parts of a player show and what it may
 * do. The stage shows every part of a tile; the single player starts from
 * its URL arguments (single-player-args.ts). Pure.
 *
 * Limits: showPtzPresets, canManagePtzPresets and ptzControlColor are
 * carried to the tile for its PTZ pane, which decides what to do with them.
 */
import type { PlayerType } from './player-errors';

export interface PlayerOptions {
  /** The timeline scale under the player. */
  showTimeline: boolean;
  /** The playback controls under the player (play, live, time, speed, motion events, full screen). */
  showControls: boolean;
  /** The tile's header with its buttons. */
  showHeader: boolean;
  showDewarp: boolean;
  /** Dewarp mode the player starts in: 0 off, 1 perspective, 2 panorama. */
  dewarpMode: 0 | 1 | 2;
  showPtz: boolean;
  showPtzPresets: boolean;
  canManagePtzPresets: boolean;
  showStats: boolean;
  showPlayerMode: boolean;
  showClose: boolean;
  showVolume: boolean;
  showFullScreen: boolean;
  /** The modes the player may use; their order is the browser's and the server's (the default player mode first). */
  availablePlayerModes: readonly PlayerType[];
  showTimezoneOffset: boolean;
  /** CSS colour of the PTZ controls; null for the theme's. */
  ptzControlColor: string | null;
}

/** A stage tile: everything shows; the tile's own rules (camera capabilities, role) still apply. */
export const STAGE_PLAYER_OPTIONS: PlayerOptions = {
  showTimeline: true,
  showControls: true,
  showHeader: true,
  showDewarp: true,
  dewarpMode: 0,
  showPtz: true,
  showPtzPresets: true,
  canManagePtzPresets: true,
  showStats: true,
  showPlayerMode: true,
  showClose: true,
  showVolume: true,
  showFullScreen: true,
  availablePlayerModes: ['webrtc', 'lowbandwidth'],
  showTimezoneOffset: true,
  ptzControlColor: null,
};

/** The modes both asked for and possible here, keeping the possible order; low bandwidth when none remain (it always works). */
export function allowedPlayerModes(possible: readonly PlayerType[], asked: readonly PlayerType[]): PlayerType[] {
  const both = possible.filter((mode) => asked.includes(mode));
  return both.length > 0 ? both : ['lowbandwidth'];
}
