/**
 * Pure decisions of the player tile: which player type a cell plays with
 * (spec 4: the default mode first, a cell's forced low bandwidth, the
 * user's choice in this session), the mode the toggle switches to, the
 * text of an error, and the compact figures of the statistics pane.
 */
import type { Camera } from '../../../server/shared/api';
import type { PlayerErrorInfo, PlayerType } from '../../media/stage-media';
import { t } from '../../i18n/translate';

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

/**
 * The words for a playback error (spec 8): the catalogue's text for its
 * code, with the HTTP status of a refused request; for a code the catalogue
 * lacks, the recorder's reason, else 'not available' or 'unknown'. Never
 * the bare code.
 */
export function errorText(error: Pick<PlayerErrorInfo, 'state' | 'code' | 'message' | 'status'>): string {
  const key = `tile.error.${error.code}`;
  const status = error.status ? ` (${error.status})` : '';
  if (t.has(key)) return `${t(key)}${status}`;
  if (error.message && error.message !== error.code) return error.message;
  return t(error.state === 'not_available' ? 'tile.error.notAvailable' : 'tile.error.unknown');
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

/** "850 kbit/s" style figure for the statistics pane (decimal units, as networks count). */
export function formatBitRate(bitsPerSecond: number): string {
  if (bitsPerSecond < 1000) return `${Math.round(bitsPerSecond)} bit/s`;
  if (bitsPerSecond < 1_000_000) return `${Math.round(bitsPerSecond / 1000)} kbit/s`;
  return `${(bitsPerSecond / 1_000_000).toFixed(1)} Mbit/s`;
}

/** "UTC+01:00" for minutes east of UTC. */
export function formatUtcOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const absolute = Math.abs(Math.round(minutesEast));
  return `UTC${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}
