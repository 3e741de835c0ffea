/**
 * Pure decisions of the player tile: which player type a cell plays with
 * (spec 4: the default mode first, a cell's forced low bandwidth, the
 * user's choice in this session), the mode the toggle switches to, the
 * text of an error, and the compact figures of the statistics pane.
 */
import type { Camera } from '../../../server/shared/api';
import type { PlayerErrorInfo, PlayerType } from '../../media/stage-media';
import { t, type MessageKey } from '../../i18n/translate';

export interface TypeInputs {
  options: readonly PlayerType[];
  forceLbm: boolean;
  /** Low-bandwidth mode chosen at sign-in (or the compatibility mode). */
  lowBandwidthPreferred: boolean;
  override: PlayerType | null;
}

export function desiredPlayerType({ options, forceLbm, lowBandwidthPreferred, override }: TypeInputs): PlayerType {
  if (override && options.includes(override)) return override;
  if (forceLbm || lowBandwidthPreferred) return 'lowbandwidth';
  return options[0] ?? 'lowbandwidth';
}

/** The mode after the current one in the offered list (the player-mode toggle). */
export function nextPlayerType(current: PlayerType, options: readonly PlayerType[]): PlayerType {
  if (options.length === 0) return current;
  const index = options.indexOf(current);
  return options[(index + 1) % options.length]!;
}

export function errorText(error: PlayerErrorInfo): string {
  if (error.state === 'not_available') return error.message && error.message !== error.code ? error.message : t('tile.error.notAvailable');
  const key = `tile.error.${error.code}`;
  if (t.has(key)) return t(key as MessageKey);
  return error.message || error.code;
}

export function streamOf(camera: Camera): Camera['streams'][number] | undefined {
  return camera.streams.find((stream) => stream.id === camera.primaryStream?.id) ?? camera.streams[0];
}

/** "1.2 MB" style figure for the statistics pane. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "UTC+01:00" for minutes east of UTC. */
export function formatUtcOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const absolute = Math.abs(Math.round(minutesEast));
  return `UTC${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}
