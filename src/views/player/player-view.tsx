/**
 * The single-player page. The player (WebRTC / low-bandwidth, timeline,
 * token from the parent window) is filled in by a later issue; this page
 * shows the arguments it was opened with and says that it is not built yet.
 */
import type { ReactElement } from 'react';
import { LogoMark } from '../../brand/logo';
import { t } from '../../i18n/translate';

export interface PlayerViewProps {
  streamId: string | null;
  serverId: string | null;
  startTimeMs: number | null;
  hideTimeline: boolean;
}

export function PlayerView({ streamId, serverId, startTimeMs, hideTimeline }: PlayerViewProps): ReactElement {
  return (
    <main className="single-player" aria-labelledby="player-title">
      <div className="single-player-frame">
        <LogoMark size={40} />
        <h1 id="player-title">{t('player.title')}</h1>
        <p>{t('player.notBuilt')}</p>
        <dl className="facts compact">
          <dt>{t('player.stream')}</dt>
          <dd>{streamId ?? '—'}</dd>
          <dt>{t('player.server')}</dt>
          <dd>{serverId ?? '—'}</dd>
          <dt>{t('player.startTime')}</dt>
          <dd>{startTimeMs === null ? t('player.live') : new Date(startTimeMs).toISOString()}</dd>
          <dt>{t('player.timeline')}</dt>
          <dd>{hideTimeline ? t('player.hidden') : t('player.shown')}</dd>
        </dl>
      </div>
    </main>
  );
}
