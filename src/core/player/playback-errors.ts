/**
 * How a refusal from the recorder becomes one of the player's error codes
 * (spec 8 "Playback"), so a tile shows the catalogue's text for it
 * ('tile.error.<code>') and never the recorder's raw code. The recorder
 * names its refusals in kebab-case ('stream-not-found') in WebRTC 'error'
 * replies and REST error bodies, which read as the player's camelCase codes
 * ('streamNotFound'); a few it shares with the client as they are
 * ('iceFailed', 'playFailure'). A refusal for lack of permission
 * ('forbidden') says live or playback by what was asked.
 *
 * Pure. A unit test reads the recorder's live feature for every code it can
 * send and checks each has a text.
 */
import { PLAYER_ERROR } from './player-errors';

/** The player code for a recorder's code; `fallback` when it gave none. */
export function playerErrorCode(recorderCode: string | null | undefined, context: { live: boolean; fallback: string }): string {
  if (!recorderCode) return context.fallback;
  if (recorderCode === 'forbidden') return context.live ? PLAYER_ERROR.noLivePermission : PLAYER_ERROR.noPlaybackPermission;
  return recorderCode.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
