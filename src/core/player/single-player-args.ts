/**
 * The single player's URL arguments (spec 2 "Single player", "Embeddable
 * API player arguments"; docs/embedding.md), read into what the page needs:
 * the stream, the server it must be on, where playback starts, and the
 * player options (spec 3). Pure: the route hands it the query.
 *
 * - single-player: the stream id to play (required).
 * - single-player-orchid: the server id. This edition serves one server, so
 *   the argument, when given, must name this recorder (its cameras'
 *   orchidId); the page refuses any other with "no access to the server".
 * - start-time: epoch ms where playback starts; absent (or 0) plays live.
 * - hide-timeline, and the API player's flags disable-webrtc, show-dewarp,
 *   single-player-ptz, manage-ptz-presets, hide-controls, show-header: a
 *   flag counts as set when it is true, '1' or 'true'; anything else (absent,
 *   '0', 'false', empty) leaves it unset.
 * - Player options by their spec 3 names (showStats=false,
 *   availablePlayerModes=lowbandwidth, dewarpMode=1, ptzControlColor=%23ffcc00,
 *   ...) override what the flags gave; a value that does not parse is ignored.
 *
 * Defaults follow the API player: no header, no dewarp, no PTZ unless asked;
 * controls and timeline shown unless hidden. With the header shown, its
 * statistics, player mode, volume, full screen and time zones show; close
 * does not (there is nothing to close the single player into).
 */
import type { PlayerType } from './player-errors';
import type { PlayerOptions } from './player-options';

export interface SinglePlayerArgs {
  streamId: string | null;
  serverId: string | null;
  /** Where playback starts; null plays live. */
  startTimeMs: number | null;
  options: PlayerOptions;
}

/** What the page was given: URLSearchParams, or any name → value lookup. */
export interface ArgumentSource {
  get(name: string): string | null;
}

const MAX_ID_CHARS = 256;
/** Epoch ms of year 9999: anything later is not a time. */
const MAX_TIME_MS = 253_402_300_799_999;
const PLAYER_TYPES: readonly PlayerType[] = ['webrtc', 'lowbandwidth'];

/** Spec 2: a flag counts as set when true, '1' or 'true'. */
export function flagSet(value: unknown): boolean {
  return value === true || value === '1' || value === 'true';
}

function idArgument(value: string | null): string | null {
  const id = value?.trim() ?? '';
  return id !== '' && id.length <= MAX_ID_CHARS ? id : null;
}

function startTime(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const ms = Number(value.trim());
  return ms > 0 && ms <= MAX_TIME_MS ? ms : null;
}

/** A player option's boolean: 'true'/'1' and 'false'/'0'; undefined leaves the default. */
function booleanOption(value: string | null): boolean | undefined {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function dewarpModeOption(value: string | null): 0 | 1 | 2 | undefined {
  return value === '0' ? 0 : value === '1' ? 1 : value === '2' ? 2 : undefined;
}

function modesOption(value: string | null): PlayerType[] | undefined {
  if (value === null) return undefined;
  const modes = value
    .split(',')
    .map((mode) => mode.trim().toLowerCase())
    .filter((mode): mode is PlayerType => (PLAYER_TYPES as readonly string[]).includes(mode));
  return modes.length > 0 ? [...new Set(modes)] : undefined;
}

/** A CSS colour written as #rgb(a) / #rrggbb(aa) or a colour name: nothing that could be more than a colour. */
function colourOption(value: string | null): string | undefined {
  const colour = value?.trim() ?? '';
  return /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(colour) || /^[a-z]{3,20}$/i.test(colour) ? colour : undefined;
}

const BOOLEAN_OPTIONS = [
  'showTimeline',
  'showControls',
  'showHeader',
  'showDewarp',
  'showPtz',
  'showPtzPresets',
  'canManagePtzPresets',
  'showStats',
  'showPlayerMode',
  'showClose',
  'showVolume',
  'showFullScreen',
  'showTimezoneOffset',
] as const satisfies ReadonlyArray<keyof PlayerOptions>;

export function parseSinglePlayerArgs(source: ArgumentSource): SinglePlayerArgs {
  const flag = (name: string) => flagSet(source.get(name));
  const ptz = flag('single-player-ptz');
  const options: PlayerOptions = {
    showTimeline: !flag('hide-timeline'),
    showControls: !flag('hide-controls'),
    showHeader: flag('show-header'),
    showDewarp: flag('show-dewarp'),
    dewarpMode: 0,
    showPtz: ptz,
    showPtzPresets: ptz,
    canManagePtzPresets: flag('manage-ptz-presets'),
    showStats: true,
    showPlayerMode: true,
    showClose: false,
    showVolume: true,
    showFullScreen: true,
    availablePlayerModes: flag('disable-webrtc') ? ['lowbandwidth'] : ['webrtc', 'lowbandwidth'],
    showTimezoneOffset: true,
    ptzControlColor: null,
  };
  for (const name of BOOLEAN_OPTIONS) {
    const value = booleanOption(source.get(name));
    if (value !== undefined) options[name] = value;
  }
  const dewarpMode = dewarpModeOption(source.get('dewarpMode'));
  if (dewarpMode !== undefined) options.dewarpMode = dewarpMode;
  const modes = modesOption(source.get('availablePlayerModes'));
  // disable-webrtc wins: a page that turned WebRTC off does not get it back through the mode list.
  if (modes) options.availablePlayerModes = flag('disable-webrtc') ? modes.filter((mode) => mode !== 'webrtc') : modes;
  if (options.availablePlayerModes.length === 0) options.availablePlayerModes = ['lowbandwidth'];
  const colour = colourOption(source.get('ptzControlColor'));
  if (colour !== undefined) options.ptzControlColor = colour;
  return {
    streamId: idArgument(source.get('single-player')),
    serverId: idArgument(source.get('single-player-orchid')),
    startTimeMs: startTime(source.get('start-time')),
    options,
  };
}
