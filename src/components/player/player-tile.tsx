/**
 * A stage tile playing one camera (spec 2 "Player"): the picture surfaces
 * (a canvas drawn by a media worker, a <video> for WebRTC; both hidden when
 * the stage compositor draws the tile), an <audio> for the camera's sound
 * over WebRTC (at the tile's volume), the header, the overlays, the panes
 * and the slow-network dialog. Digital zoom by wheel or pinch, panning
 * while zoomed. What it plays follows the tile's timeline context (the
 * master's, or its own while unlinked; an unlinked tile shows its own time
 * in a corner). A tile that dewarps in perspective turns its view by drag
 * and wheel instead (use-dewarp-view) and takes no digital zoom; its header
 * shows the dewarp zoom. A tile past the stage's dewarp limit plays plain
 * with the limit notice. All playing is the media facade's (use-stage-player); this
 * component only lays out and forwards the user's choices. The single
 * player reuses it for one stream of a camera, with player options (spec 3)
 * that may leave out the header or some of its buttons.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera } from '../../../server/shared/api';
import { t } from '../../i18n/translate';
import { dewarpZoomPercent, shownDewarpView } from '../../media/dewarp-view';
import { IDENTITY_VIEW, zoomPercent, type PlayerType } from '../../media/stage-media';
import { effectiveVolume, playerActions, playersState } from '../../state/player.store';
import { isTileLinked, tileContext, timelineActions, timelineState, type TimelineContext } from '../../state/timeline.store';
import { timelineLinks } from '../../state/timeline-links.store';
import { ptzPaneAvailable, STAGE_PTZ_OPTIONS, type PtzPlayerOptions } from '../../core/ptz/ptz-access';
import { TimelineTime } from '../timeline/timeline-time';
import { PlayerHeader, type HeaderOptions, type TilePane } from './player-header';
import { PlayerIcon } from './player-icon';
import { desiredPlayerType, nextPlayerType, streamOf } from './player-helpers';
import { FrameStill } from './frame-still';
import { PlayerOverlays } from './player-overlays';
import { StatsPane, TimezonePane } from './player-panels';
import { LazyPtzControls, LazyPtzPresets } from './ptz/lazy-ptz';
import { SlowNetworkDialog } from './slow-network-dialog';
import { useDewarpView } from './use-dewarp-view';
import { useDigitalZoom } from './use-digital-zoom';
import { DewarpLimitNotice } from './performance-warning';
import { useStagePlayer } from './use-stage-player';
import './player.css';

export interface TileRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlayerTileProps {
  tileKey: string;
  camera: Camera;
  /** The stream to play: the camera's primary stream when absent. */
  streamId?: string;
  forceLbm: boolean;
  dewarpMode: 0 | 1 | 2;
  /** Set when the stage's dewarp limit keeps this tile plain (the limit): it shows the notice. */
  dewarpLimitNotice?: number | null;
  /** Where the tile is inside the grid (the compositor canvas), CSS pixels. */
  rect: TileRect;
  fullScreen: boolean;
  /** Another tile is in full screen: this one pauses and is muted. */
  hidden: boolean;
  fullScreenKey: string | null;
  playerOptions: readonly PlayerType[];
  lowBandwidthPreferred: boolean;
  /** The user may play back (not a Live Viewer): the tile follows a timeline and can be unlinked. */
  playback: boolean;
  /** The PTZ player options (spec 3); the stage's when not given. */
  ptzOptions?: PtzPlayerOptions;
  onFullScreen(): void;
  onClose(): void;
  onDewarp(mode: 0 | 1 | 2): void;
  onForceLbm(on: boolean): void;
  /** The header and the buttons it shows (spec 3 player options); everything when absent. */
  header?: { show: boolean; options: HeaderOptions };
  /** Whether the tile can be linked to and unlinked from a master timeline (a stage's); default true. */
  linkable?: boolean;
}

/** What a tile plays when the user may not play back: live, always. */
const LIVE_ONLY: TimelineContext = { timeMs: 0, anchorMs: 0, speed: 1, paused: false };

export function PlayerTile(props: PlayerTileProps): ReactElement {
  const { tileKey, camera } = props;
  const snap = useSnapshot(playersState);
  const timelines = useSnapshot(timelineState);
  const timeline = props.playback ? tileContext(timelines, tileKey) : LIVE_ONLY;
  const linked = isTileLinked(timelines, tileKey);
  // A camera taken off the stage and put back later follows the master again.
  useEffect(() => () => timelineActions.forget(tileKey), [tileKey]);
  const ui = snap.tiles[tileKey];
  const status = ui?.status ?? null;
  const zoom = ui?.zoom ?? IDENTITY_VIEW;
  const volume = ui?.volume ?? 0;
  const stream = (props.streamId !== undefined ? camera.streams.find((entry) => entry.id === props.streamId) : undefined) ?? streamOf(camera);
  const streamId = props.streamId ?? camera.primaryStream?.id ?? null;
  const dewarp = stream?.dewarpConfiguration ?? null;
  // A dewarped tile takes no digital zoom: the compositor does not draw both. (Where WebGL fails the
  // stage turns dewarp off, spec 8 dewarpIncompatibleError, so the mode here is 0.)
  const dewarping = props.dewarpMode !== 0 && dewarp?.enable === true;
  const perspective = dewarping && props.dewarpMode === 1;
  const dewarpView = shownDewarpView(ui?.dewarpView ?? null, dewarp);
  const type = desiredPlayerType({
    options: props.playerOptions,
    forceLbm: props.forceLbm,
    lowBandwidthPreferred: props.lowBandwidthPreferred,
    override: ui?.typeOverride ?? null,
  });
  const [pane, setPane] = useState<TilePane>(null);
  const [slowDialog, setSlowDialog] = useState(false);
  const [pointerOver, setPointerOver] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const mediaRef = useRef<HTMLDivElement>(null);

  const { canvasRef, videoRef, audioRef, playerRef } = useStagePlayer({
    tileKey,
    streamId,
    server: camera.orchidId,
    type,
    availableTypes: props.playerOptions,
    hidden: props.hidden,
    volume: effectiveVolume(volume, props.fullScreenKey, tileKey),
    shader: { rect: props.rect, dewarpMode: props.dewarpMode, dewarp, view: ui?.dewarpView ?? null, zoom: dewarping ? IDENTITY_VIEW : zoom },
    size: props.rect,
    timeline,
    focused: props.fullScreen || pointerOver || focusWithin,
  });
  const zoomGestures = useDigitalZoom(tileKey, mediaRef, !dewarping);
  const viewGestures = useDewarpView(tileKey, mediaRef, dewarp, perspective);
  const gestures = perspective ? viewGestures : zoomGestures;
  // Dewarp on: a digital zoom taken before is dropped rather than kept hidden for later.
  useEffect(() => {
    if (dewarping) playerActions.setZoom(tileKey, IDENTITY_VIEW);
  }, [dewarping, tileKey]);

  const switchTo = (next: PlayerType) => {
    if (next === 'lowbandwidth') {
      props.onForceLbm(true);
      playerActions.setTypeOverride(tileKey, null);
    } else {
      props.onForceLbm(false);
      playerActions.setTypeOverride(tileKey, props.lowBandwidthPreferred ? next : null);
    }
    playerRef.current?.setType(next);
  };

  const surface = status?.surface ?? (type === 'webrtc' ? 'video' : 'canvas');
  const zoomed = !dewarping && zoom.scale > 1;
  // The header's percent: the dewarp zoom of a perspective view, else digital zoom past 100 %.
  const headerZoom = perspective ? dewarpZoomPercent(dewarpView) : zoomed ? zoomPercent(zoom.scale) : null;
  const ptzOptions = props.ptzOptions ?? STAGE_PTZ_OPTIONS;
  return (
    <div
      className={`player-tile surface-${surface}${props.fullScreen ? ' full-screen' : ''}`}
      role="region"
      aria-label={t('tile.region', { name: camera.name })}
      data-testid="player-tile"
      data-camera-id={camera.id}
      data-source={status?.source ?? 'idle'}
      data-player-type={status?.activeType ?? type}
      onPointerEnter={() => setPointerOver(true)}
      onPointerLeave={() => setPointerOver(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => setFocusWithin(event.currentTarget.contains(event.relatedTarget as Node | null))}
    >
      <div
        ref={mediaRef}
        className={`tile-media${zoomed ? ' zoomed' : ''}${perspective ? ' dewarp-view' : ''}`}
        data-grid-ignore={zoomed || perspective ? '' : undefined}
        onPointerDown={gestures.onPointerDown}
        onPointerMove={gestures.onPointerMove}
      >
        <canvas ref={canvasRef} className="tile-canvas" data-testid="tile-canvas" />
        <video ref={videoRef} className="tile-video" muted playsInline autoPlay data-testid="tile-video" />
        <audio ref={audioRef} muted data-testid="tile-audio" />
        <FrameStill tileKey={tileKey} streamHref={stream?.href ?? null} server={camera.orchidId} paused={timeline.paused} size={props.rect} />
        {pane === 'ptz' && <LazyPtzControls camera={camera} tileKey={tileKey} options={ptzOptions} />}
      </div>
      {props.header?.show !== false && (
        <PlayerHeader
          options={props.header?.options}
          name={camera.name}
          zoomPercent={headerZoom}
          fullScreen={props.fullScreen}
          dewarpAvailable={dewarp?.enable === true}
          dewarpMode={props.dewarpMode}
          ptzAvailable={ptzPaneAvailable(camera, ptzOptions)}
          volume={volume}
          type={status?.type ?? type}
          canSwitchType={props.playerOptions.length > 1}
          pane={pane}
          linked={props.playback && props.linkable !== false ? linked : null}
          onToggleLink={() => timelineLinks.setLinked(tileKey, !linked)}
          onFullScreen={props.onFullScreen}
          onDewarp={props.onDewarp}
          onVolume={() => playerActions.cycleVolume(tileKey)}
          onSwitchType={() => switchTo(nextPlayerType(status?.type ?? type, props.playerOptions))}
          onPane={setPane}
          onClose={props.onClose}
        />
      )}
      {props.playback && props.linkable !== false && !linked && (
        <div className="tile-own-time" data-testid="tile-own-time">
          <span className="visually-hidden">{t('tile.ownTime')}</span>
          <PlayerIcon name="unlink" size={12} />
          <TimelineTime context={timeline} />
        </div>
      )}
      {props.dewarpLimitNotice != null && <DewarpLimitNotice limit={props.dewarpLimitNotice} />}
      <PlayerOverlays status={status} onUseLowBandwidth={() => switchTo('lowbandwidth')} onSlowNetwork={() => setSlowDialog(true)} />
      {pane === 'stats' && <StatsPane player={playerRef.current} status={status} />}
      {pane === 'timezones' && <TimezonePane />}
      {pane === 'ptz' && <LazyPtzPresets camera={camera} options={ptzOptions} />}
      <SlowNetworkDialog
        open={slowDialog}
        canUseLowBandwidth={type !== 'lowbandwidth'}
        onClose={() => setSlowDialog(false)}
        onUseLowBandwidth={() => {
          setSlowDialog(false);
          switchTo('lowbandwidth');
        }}
      />
    </div>
  );
}
