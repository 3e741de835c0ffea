/**
 * The single player page (/player; spec 2 "Single player", the embeddable
 * API player): one stream, full-window, with the timeline unless hidden.
 * Its arguments come parsed from the route; the page's state (token
 * handshake, session, camera, errors) is the single-player store's. It sets
 * the timeline where the arguments say (start-time, else live) and shows
 * the player once the camera is known, else what it is waiting for or why
 * it cannot play.
 *
 * Loaded on its own (lazy route): the player it reuses is the stage's,
 * already in the main chunk.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera } from '../../../server/shared/api';
import type { SinglePlayerArgs } from '../../core/player/single-player-args';
import { t } from '../../i18n/translate';
import { probeServerClock } from '../../state/clock.store';
import { singlePlayerState, startSinglePlayerInBrowser } from '../../state/single-player.store';
import { timelineActions } from '../../state/timeline.store';
import { PlayerStatusScreen } from './player-status-screen';
import { SinglePlayerStage } from './single-player-stage';
import './player-view.css';

export function PlayerView({ args }: { args: SinglePlayerArgs }): ReactElement {
  const state = useSnapshot(singlePlayerState);
  const page = useRef<HTMLElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => startSinglePlayerInBrowser(args), [args, attempt]);

  // Where playback starts, set just before the player first appears (not while it waits for its
  // token, which would let the start time run on): the start time (after now: live), else live.
  const ready = state.status === 'ready';
  const [positioned, setPositioned] = useState<SinglePlayerArgs | null>(null);
  useEffect(() => {
    if (!ready || positioned === args) return;
    if (args.startTimeMs !== null) timelineActions.seek(args.startTimeMs);
    else timelineActions.goLive();
    setPositioned(args);
    // The timeline's times follow the server's clock (spec 9); the shell that probes it is not on this page.
    void probeServerClock();
  }, [ready, args, positioned]);

  const camera = state.camera as Camera | null;
  return (
    <main ref={page} className="single-player" aria-label={t('player.title')} data-testid="single-player">
      {ready && camera && args.streamId && positioned === args ? (
        <SinglePlayerStage camera={camera} streamId={args.streamId} options={args.options} page={page} />
      ) : (
        <PlayerStatusScreen state={state as typeof singlePlayerState} serverId={args.serverId} onRetry={() => setAttempt((count) => count + 1)} />
      )}
    </main>
  );
}
