/**
 * The panes a tile's header opens: statistics (stats-pane.tsx, loaded when
 * first opened) and the time-zone table (server zone and offset against this
 * computer's). The PTZ pane is its own chunk (ptz/).
 */
import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { t } from '../../i18n/translate';
import { playerActions, playersState } from '../../state/player.store';
import { formatUtcOffset } from './player-helpers';
import type { StatsPaneProps } from './stats-pane';

// The statistics pane loads when first opened: a wall that never opens it does not carry its code.
const LazyStatsPane = lazy(() => import('./stats-pane').then((m) => ({ default: m.StatsPane })));

export function StatsPane(props: StatsPaneProps): ReactElement {
  return (
    <Suspense fallback={null}>
      <LazyStatsPane {...props} />
    </Suspense>
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
