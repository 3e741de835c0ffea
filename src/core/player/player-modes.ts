/**
 * Player modes and the stage's player limits (spec 3 "Player options",
 * spec 4, spec 5 "Player", spec 8): the list of player modes a player
 * offers, the 'Unsupported player mode' check, the configurable maximum
 * number of players with its message, the dewarp limit (8 on mobile, else
 * 16) and when changing the dewarp mode restarts play.
 *
 * Cost: none. Limits: the maximum player count has no value in the spec; it
 * is a setting given by the caller.
 */
import type { PlayerType } from './player-errors';

/** Advanced settings' Default Player Mode: 'disabled' leaves the browser's best. */
export type DefaultPlayerMode = 'disabled' | PlayerType;

export interface PlayerModeContext {
  /** Server-configured default (advanced settings). */
  defaultMode: DefaultPlayerMode;
  /** The user's stored default, when one was saved (e.g. compatibility mode); wins over the server's. */
  storedDefault?: PlayerType | undefined;
  webrtcSupported: boolean;
}

/** The default mode first, then the rest; low bandwidth always, WebRTC only where supported. */
export function playerModeOptions(context: PlayerModeContext): PlayerType[] {
  const supported: PlayerType[] = context.webrtcSupported ? ['webrtc', 'lowbandwidth'] : ['lowbandwidth'];
  const wanted = context.storedDefault ?? (context.defaultMode === 'disabled' ? undefined : context.defaultMode);
  const first = wanted && supported.includes(wanted) ? wanted : supported[0]!;
  return [first, ...supported.filter((mode) => mode !== first)];
}

export const UNSUPPORTED_PLAYER_MODE = 'Unsupported player mode';

export function assertPlayerMode(mode: string, options: readonly PlayerType[]): asserts mode is PlayerType {
  if (!(options as readonly string[]).includes(mode)) throw new Error(UNSUPPORTED_PLAYER_MODE);
}

/** Internal name of the player-limit condition (spec 8). */
export const CAMERA_LIMIT_REACHED = 'Camera limit reached';

export function playerLimitMessage(maxPlayers: number): string {
  return `You cannot view more than ${maxPlayers} players at a time`;
}

/** A camera can be added only while the stage holds fewer than the maximum (spec 5). */
export function canAddPlayer(currentPlayers: number, maxPlayers: number): boolean {
  return currentPlayers < maxPlayers;
}

export const MAX_DEWARPED_PLAYERS_MOBILE = 8;
export const MAX_DEWARPED_PLAYERS = 16;

export function maxDewarpedPlayers(isMobile: boolean): number {
  return isMobile ? MAX_DEWARPED_PLAYERS_MOBILE : MAX_DEWARPED_PLAYERS;
}

/** Whether one more player may dewarp while `dewarping` already do. */
export function canDewarp(dewarping: number, isMobile: boolean): boolean {
  return dewarping < maxDewarpedPlayers(isMobile);
}

/** Spec 4: switching dewarp off or on under low bandwidth restarts play (a new low-bandwidth session). */
export function dewarpChangeRestartsPlay(type: PlayerType, fromMode: number, toMode: number): boolean {
  return type === 'lowbandwidth' && (fromMode === 0) !== (toMode === 0);
}
