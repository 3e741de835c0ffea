/**
 * What the single player shows once it knows its camera: the stage's player
 * tile (the same player, media facade and compositor as a stage cell)
 * filling the window, and under it the control bar unless the options hide
 * it or the role cannot play back (a Live Viewer plays live only, spec 6).
 *
 * The tile's header and its buttons follow the player options (spec 3);
 * full screen is the page's (the browser's Fullscreen API; an embedding
 * frame needs allow="fullscreen" for it).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera } from '../../../server/shared/api';
import { can } from '../../../server/shared/roles';
import { allowedPlayerModes, type PlayerOptions } from '../../core/player/player-options';
import { webRtcSupported } from '../../core/settings/advanced-settings-form';
import { PlayerTile } from '../../components/player/player-tile';
import { StageMediaContext } from '../../components/player/stage-media-context';
import { createStageMedia, playerModeOptions, type StageMedia } from '../../media/stage-media';
import { preferences } from '../../state/preferences.store';
import { sessionState, sessionToken } from '../../state/session.store';
import { useElementSize } from '../stage/grid/use-element-size';
import { SinglePlayerBar } from './single-player-bar';
import { DewarpIncompatibleDialog } from '../stage/stage-dialogs';
import { playerPerformanceActions } from '../../state/player-performance.store';
import { serverOffsetMs } from '../../state/server-offsets';

export const SINGLE_PLAYER_TILE = 'single-player';

/** Whether `element` is the page's full-screen element, and the toggle. */
function useFullScreen(element: RefObject<HTMLElement | null>): [boolean, () => void] {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [element]);
  const toggle = useCallback(() => {
    const request = document.fullscreenElement ? document.exitFullscreen() : element.current?.requestFullscreen();
    // Refused (a frame without allow="fullscreen", no user gesture): the page stays as it is.
    void request?.catch((error: unknown) => console.warn('Full screen was refused', error));
  }, [element]);
  return [full, toggle];
}

export interface SinglePlayerStageProps {
  camera: Camera;
  streamId: string;
  options: PlayerOptions;
  /** The page element that goes full screen. */
  page: RefObject<HTMLElement | null>;
}

export function SinglePlayerStage({ camera, streamId, options, page }: SinglePlayerStageProps): ReactElement {
  const { session } = useSnapshot(sessionState);
  const prefs = useSnapshot(preferences);
  const [media, setMedia] = useState<StageMedia | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const compositor = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(area);
  const [fullScreen, toggleFullScreen] = useFullScreen(page);
  const [dewarpMode, setDewarpMode] = useState<0 | 1 | 2>(options.dewarpMode);
  const [forceLbm, setForceLbm] = useState(false);

  useEffect(() => {
    const instance = createStageMedia({
      getToken: sessionToken,
      serverOffsetMs,
      onShaderUnavailable: () => {
        setDewarpMode(0);
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
    if (media && compositor.current && size.width > 0) media.setCompositorCanvas(compositor.current, size.width, size.height);
  }, [media, size.width, size.height]);

  const modes = useMemo(
    () =>
      allowedPlayerModes(
        playerModeOptions({ defaultMode: prefs.defaultPlayerMode, webrtcSupported: webRtcSupported(prefs.webrtcOverride, typeof RTCPeerConnection === 'function') }),
        options.availablePlayerModes,
      ),
    [prefs.defaultPlayerMode, prefs.webrtcOverride, options.availablePlayerModes],
  );
  const playback = can(session?.role, 'playback');
  const rect = useMemo(() => ({ x: 0, y: 0, width: size.width, height: size.height }), [size.width, size.height]);
  const header = useMemo(() => ({ show: options.showHeader, options }), [options]);
  const track = useMemo(
    () => ({ key: SINGLE_PLAYER_TILE, cameraId: camera.id, streamId, server: camera.orchidId }),
    [camera.id, camera.orchidId, streamId],
  );

  return (
    <StageMediaContext.Provider value={media}>
      <div ref={area} className="single-player-area">
        <canvas ref={compositor} className="stage-compositor" aria-hidden="true" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
        {size.width > 0 && (
          <PlayerTile
            tileKey={SINGLE_PLAYER_TILE}
            camera={camera}
            streamId={streamId}
            forceLbm={forceLbm}
            dewarpMode={dewarpMode}
            rect={rect}
            fullScreen={fullScreen}
            hidden={false}
            fullScreenKey={null}
            playerOptions={modes}
            lowBandwidthPreferred={prefs.lowBandwidth}
            playback={playback}
            linkable={false}
            header={header}
            ptzOptions={options}
            onFullScreen={toggleFullScreen}
            onClose={() => undefined}
            onDewarp={setDewarpMode}
            onForceLbm={setForceLbm}
          />
        )}
      </div>
      {playback && (options.showControls || options.showTimeline) && (
        <SinglePlayerBar track={track} showControls={options.showControls} showTimeline={options.showTimeline} fullScreen={fullScreen} onFullScreen={toggleFullScreen} />
      )}
      <DewarpIncompatibleDialog />
    </StageMediaContext.Provider>
  );
}
