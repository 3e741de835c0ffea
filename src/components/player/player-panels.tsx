/**
 * The panes a tile's header opens: statistics (refreshed once a second
 * while open), the time-zone table (server zone and offset against this
 * computer's). The PTZ pane is its own chunk (ptz/).
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { t, type MessageKey } from '../../i18n/translate';
import type { SourceStats, StagePlayer } from '../../media/stage-media';
import { playerActions, playersState, type PlayerStatus } from '../../state/player.store';
import { formatBytes, formatUtcOffset } from './player-helpers';

/** Spec 9: statistics refresh. */
const STATS_REFRESH_MS = 1000;

export function StatsPane({ player, status }: { player: StagePlayer | null; status: PlayerStatus | null }): ReactElement {
  const [stats, setStats] = useState<SourceStats | null>(null);
  useEffect(() => {
    if (!player) return;
    let alive = true;
    const read = () => void player.stats().then((value) => alive && setStats(value));
    read();
    const timer = setInterval(read, STATS_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [player]);
  const rows: Array<[string, string]> = [
    [t('tile.statsType'), status ? t(`tile.mode.${status.activeType}` as MessageKey) : '-'],
    [t('tile.statsResolution'), stats?.width && stats.height ? `${stats.width}x${stats.height}` : '-'],
    [t('tile.statsFps'), stats?.framesPerSecond != null ? stats.framesPerSecond.toFixed(1) : '-'],
    [t('tile.statsFrames'), stats ? String(stats.framesDrawn) : '-'],
    [t('tile.statsReceived'), stats ? formatBytes(stats.bytesReceived) : '-'],
    [t('tile.statsStalls'), stats ? String(stats.stalls) : '-'],
    [t('tile.statsLoss'), stats?.packetLoss != null ? `${(stats.packetLoss * 100).toFixed(1)}%` : '-'],
  ];
  return (
    <table className="tile-pane tile-table" aria-label={t('tile.stats')}>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TimezonePane(): ReactElement {
  const { serverZone } = useSnapshot(playersState);
  useEffect(() => void playerActions.loadServerZone(), []);
  const localOffset = -new Date().getTimezoneOffset();
  const difference = serverZone ? serverZone.tzOffset - localOffset : null;
  return (
    <table className="tile-pane tile-table" aria-label={t('tile.timezones')}>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{t('tile.tzOffset')}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t('tile.tzServer', { zone: serverZone?.tz ?? '…' })}</th>
          <td>{serverZone ? formatUtcOffset(serverZone.tzOffset) : '-'}</td>
        </tr>
        <tr>
          <th scope="row">{t('tile.tzLocal')}</th>
          <td>{formatUtcOffset(localOffset)}</td>
        </tr>
        <tr>
          <th scope="row">{t('tile.tzDifference')}</th>
          <td>{difference === null ? '-' : `${difference >= 0 ? '+' : '-'}${Math.abs(difference / 60).toFixed(difference % 60 === 0 ? 0 : 1)} h`}</td>
        </tr>
      </tbody>
    </table>
  );
}
