/**
 * /player: the single-player page (spec 2), driven by URL arguments
 * single-player (stream id), single-player-orchid, start-time and
 * hide-timeline. This route reads them; the player itself is filled in by
 * the issue that builds the player.
 */
import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PlayerView } from '../views/player/player-view';

export function PlayerRoute(): ReactElement {
  const [params] = useSearchParams();
  const startTime = params.get('start-time');
  return (
    <PlayerView
      streamId={params.get('single-player')}
      serverId={params.get('single-player-orchid')}
      startTimeMs={startTime !== null && /^\d+$/.test(startTime) ? Number(startTime) : null}
      hideTimeline={params.get('hide-timeline') === 'true'}
    />
  );
}
