/**
 * The stage (spec 2 "Stage"): the bag beside the camera matrix. Entering it
 * loads the signed-in user's wall and cycle settings (IndexedDB, per user),
 * the cameras (refreshed every minute) and the saved stages; creates the
 * stage's media facade (workers, sessions, compositor) for the players;
 * runs the frame-rate monitor that drives the shell's frame-rate alert
 * (only here, paused while the page is hidden); and attaches the stage
 * cycle. It holds the dewarp limit (spec 8: 16 dewarped players, 8 on
 * mobile) over every tile however it came to dewarp (its button, a camera
 * put on the stage whose stream dewarps, a restored stage): the newest
 * tiles past the limit play plain with the limit notice
 * (src/core/player/dewarp-limit.ts). At 415 px or narrower the bag shows its big layout. Under the
 * matrix sits the control bar of the timeline, except for a Live Viewer,
 * who plays live only (spec 6).
 */
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera, StageMatrix } from '../../../server/shared/api';
import { arrivalOrder, deviceDewarpLimitPlan, dewarpChangeAllowed } from '../../core/player/dewarp-limit';
import { can } from '../../../server/shared/roles';
import { isMobileDevice } from '../../app/capabilities';
import { StageMediaContext } from '../../components/player/stage-media-context';
import { t } from '../../i18n/translate';
import { startFrameRateMonitor } from '../../media/frame-rate-monitor';
import { createStageMedia, playerModeOptions, type StageMedia } from '../../media/stage-media';
import { playerPerformanceActions } from '../../state/player-performance.store';
import { preferences } from '../../state/preferences.store';
import { webRtcSupported } from '../../core/settings/advanced-settings-form';
import { sessionState, sessionToken } from '../../state/session.store';
import { effectiveBagLayout, stageBagActions, stageBagState } from '../../state/stage-bag.store';
import { stageCycleActions } from '../../state/stage-cycle.store';
import { timelineLinks } from '../../state/timeline-links.store';
import { stageLayoutsActions, stageLayoutsState } from '../../state/stage-layouts.store';
import { stageActions, stageState } from '../../state/stage.store';
import { StageBag } from './bag/stage-bag';
import { ControlBar } from './control-bar/control-bar';
import { StageGrid } from './grid/stage-grid';
import { StageTile, type StageTileContext } from './grid/stage-tile';
import { StageDialogs } from './stage-dialogs';
import { cameraTiles } from './grid/tile-keys';
import { cameraKnown, dewarpWanting } from './stage-helpers';
import './stage.css';
import { serverOffsetMs } from '../../state/server-offsets';

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export function StageView(): ReactElement {
  const { session } = useSnapshot(sessionState);
  const userId = session?.owner.id ?? null;
  const stage = useSnapshot(stageState);
  const bag = useSnapshot(stageBagState);
  const prefs = useSnapshot(preferences);
  const viewportWidth = useViewportWidth();
  const [media, setMedia] = useState<StageMedia | null>(null);
  const [loadStep, setLoadStep] = useState(0);

  useEffect(() => {
    if (!userId) return;
    if (stageState.userId !== userId) void stageActions.load(userId);
    void stageCycleActions.load(userId);
    void timelineLinks.load(userId);
  }, [userId]);

  useEffect(() => stageBagActions.startRefresh(), []);

  // Changes are saved 1000 ms after the last one; leaving the page or the stage writes them at once.
  useEffect(() => {
    const flush = () => {
      stageActions.flush();
      stageCycleActions.flush();
      timelineLinks.flush();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  useEffect(() => void stageLayoutsActions.load(), []);

  // Spec 8: a camera of the restored stage that the recorder does not know is released (and logged).
  useEffect(() => {
    if (bag.status !== 'ready' || !stage.loaded) return;
    const cameras = bag.cameras as Camera[];
    stageActions.releaseUnavailable((camera) => cameraKnown(cameras, camera.id));
  }, [bag.status, bag.cameras, stage.loaded]);

  useEffect(() => {
    const instance = createStageMedia({
      getToken: sessionToken,
      serverOffsetMs,
      onLoadStep: setLoadStep,
      onShaderUnavailable: () => {
        stageActions.dewarpOffEverywhere();
        playerPerformanceActions.showDewarpIncompatible(true);
      },
    });
    setMedia(instance);
    return () => {
      setMedia(null);
      instance.destroy();
    };
  }, []);

  useEffect(() => {
    if (!media) return;
    // The wall's load governor hears the same levels the frame-rate alert shows.
    const stop = startFrameRateMonitor((state) => {
      playerPerformanceActions.setFrameRate(state);
      media.setFrameRateLevel(state.level);
    });
    return () => {
      stop();
      playerPerformanceActions.setFrameRate(null);
    };
  }, [media]);

  useEffect(
    () =>
      stageCycleActions.attach((stageId) => {
        const layout = stageLayoutsState.layouts.find((entry) => entry.id === stageId);
        if (layout) stageActions.showLayout(layout.id, layout.stageMatrix);
      }),
    [],
  );

  const playerOptions = useMemo(
    () => playerModeOptions({ defaultMode: prefs.defaultPlayerMode, webrtcSupported: webRtcSupported(prefs.webrtcOverride, typeof RTCPeerConnection === 'function') }),
    [prefs.defaultPlayerMode, prefs.webrtcOverride],
  );
  // The order tiles came onto the stage this session: the newest lose dewarp first at the limit.
  const arrival = useRef<string[]>([]);
  const dewarpPlan = useMemo(() => {
    const matrix = stage.matrix as StageMatrix;
    arrival.current = arrivalOrder(arrival.current, cameraTiles(matrix).map((tile) => tile.key));
    return deviceDewarpLimitPlan(arrival.current, dewarpWanting(matrix, bag.cameras as Camera[]), isMobileDevice());
  }, [stage.matrix, bag.cameras]);
  const playback = can(session?.role, 'playback');
  const context: StageTileContext = {
    playback,
    stageEmpty: !stage.matrix.some((row) => row.some((cell) => cell.camera)),
    playerOptions,
    lowBandwidthPreferred: prefs.lowBandwidth,
    dewarpPlan,
    onDewarp: (position, tileKey, mode) => {
      // A tile past the limit shows Off whatever its cell says; choosing a mode for it asks for a place.
      const cellMode = stageState.matrix[position.row]?.[position.column]?.dewarpMode ?? 0;
      const current = dewarpPlan.overLimit.has(tileKey) ? 0 : cellMode;
      if (!dewarpChangeAllowed(current, mode, dewarpPlan)) {
        playerPerformanceActions.showDewarpLimit(dewarpPlan.limit);
        return;
      }
      stageActions.setDewarpMode(position, mode);
    },
  };

  const layout = effectiveBagLayout(bag.layout, viewportWidth);
  return (
    <StageMediaContext.Provider value={media}>
      <section className={`stage-view${bag.collapsed ? ' bag-collapsed' : ''}`} aria-labelledby="stage-title">
        <h1 id="stage-title" className="visually-hidden">
          {t('stage.title')}
        </h1>
        <StageBag layout={layout} />
        <div className="stage-main" data-testid="stage" data-load-step={loadStep}>
          <div className="stage-grid-area">
            {stage.loaded && <StageGrid ariaLabel={t('stage.grid')} renderTile={(tile) => <StageTile tile={tile} context={context} />} />}
          </div>
          {stage.loaded && playback && <ControlBar />}
        </div>
        <StageDialogs />
      </section>
    </StageMediaContext.Provider>
  );
}
