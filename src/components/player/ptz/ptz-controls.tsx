/**
 * PTZ controls over a tile's picture while its PTZ pane is open (spec 2
 * "Player"): press-and-hold buttons pan, tilt and zoom (a continuous move
 * while held, the stop when let go, when the pointer leaves or is
 * cancelled, when the page is hidden or the window loses focus, and when the
 * controls close), and a click on the picture centres the camera on that
 * point. Coloured by the ptzControlColor player option.
 *
 * What is sent is decided in core/ptz (ptz-commands, ptz-hold); this
 * component wires pointer, key and page events to it. It sits inside the
 * tile's media element, so the wheel still zooms digitally; while the
 * picture is digitally zoomed a drag pans it, and the media element then
 * holds the pointer, so a click centres only at 100 %.
 */
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera } from '../../../../server/shared/api';
import { ptzApi } from '../../../api/ptz-api';
import { controlColour } from '../../../core/ptz/control-colour';
import { ptzAccess, type PtzPlayerOptions } from '../../../core/ptz/ptz-access';
import {
  clickMove,
  clickOffset,
  directionAvailable,
  heldMove,
  pictureAspect,
  ptzAxes,
  PTZ_DIRECTIONS,
  type PtzDirection,
} from '../../../core/ptz/ptz-commands';
import { PtzCommandLine } from '../../../core/ptz/ptz-hold';
import { t, type MessageKey } from '../../../i18n/translate';
import { playersState } from '../../../state/player.store';
import { sessionState } from '../../../state/session.store';
import { StrokeIcon } from '../../ui/icon';
import { streamOf } from '../player-helpers';

const ARROWS: Record<PtzDirection, string> = {
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  left: 'M15 6l-6 6 6 6',
  right: 'M9 6l6 6-6 6',
  zoomIn: 'M12 5v14M5 12h14',
  zoomOut: 'M5 12h14',
};

export interface PtzControlsProps {
  camera: Camera;
  tileKey: string;
  options: PtzPlayerOptions;
}

const logFailure = (message: string, detail: unknown) => console.warn(message, detail);

export function PtzControls({ camera, tileKey, options }: PtzControlsProps): ReactElement | null {
  const role = useSnapshot(sessionState).session?.role;
  const access = ptzAccess(camera, role, options);
  const axes = ptzAxes(camera.capabilities.camera.PTZ);
  const [held, setHeld] = useState<PtzDirection | null>(null);
  const line = useRef<PtzCommandLine | null>(null);
  const cameraId = camera.id;
  const server = camera.orchidId;

  useEffect(() => {
    const commands = new PtzCommandLine({ send: (move) => ptzApi.move({ id: cameraId, orchidId: server }, move), log: logFailure, holdEnded: () => setHeld(null) });
    line.current = commands;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') commands.release();
    };
    const onBlur = () => commands.release();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      // Closing the pane or the tile while a button is held stops the camera.
      commands.dispose();
      if (line.current === commands) line.current = null;
    };
  }, [cameraId, server]);

  if (!access.controls) return null;

  const press = (direction: PtzDirection) => {
    const move = heldMove(direction, axes, camera.quirks);
    if (!move || !line.current) return;
    line.current.press(move);
    setHeld(direction);
  };
  const release = () => line.current?.release();

  const centreOn = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const aspect = pictureAspect(streamOf(camera)?.configuration.Video?.Resolution);
    const offset = clickOffset({ x: event.clientX - box.left, y: event.clientY - box.top }, box, aspect, playersState.tiles[tileKey]?.zoom);
    const move = offset && clickMove(offset, axes, camera.quirks);
    if (move) void line.current?.move(move);
  };

  const colour = controlColour(options.ptzControlColor);
  const style = colour ? ({ '--ptz-color': colour } as CSSProperties) : undefined;
  return (
    <div className="ptz-layer" style={style} data-testid="ptz-controls">
      {/* No tooltip on the surface: it would sit over the whole picture while the user watches. */}
      {(axes.pan || axes.tilt) && <div className="ptz-surface" data-grid-ignore="" onClick={centreOn} />}
      <div
        className="ptz-pad"
        role="group"
        aria-label={t('ptz.controls')}
        aria-description={axes.pan || axes.tilt ? t('ptz.clickToCentre') : undefined}
        title={axes.pan || axes.tilt ? t('ptz.clickToCentre') : undefined}
        data-grid-ignore=""
      >
        {PTZ_DIRECTIONS.filter((direction) => directionAvailable(direction, axes)).map((direction) => (
          <HoldButton key={direction} direction={direction} held={held === direction} onPress={press} onRelease={release} />
        ))}
      </div>
    </div>
  );
}

function HoldButton(props: { direction: PtzDirection; held: boolean; onPress(direction: PtzDirection): void; onRelease(): void }): ReactElement {
  const label = t(`ptz.direction.${props.direction}` as MessageKey);
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    // Not the tile's digital-zoom gestures, nor a text selection or a long-press menu.
    event.stopPropagation();
    event.preventDefault();
    props.onPress(props.direction);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if ((event.key === 'Enter' || event.key === ' ') && !event.repeat) {
      event.preventDefault();
      props.onPress(props.direction);
    }
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') props.onRelease();
  };
  return (
    <button
      type="button"
      className={`ptz-button ptz-${props.direction}`}
      aria-label={label}
      title={label}
      data-held={props.held ? '' : undefined}
      onPointerDown={onPointerDown}
      onPointerUp={props.onRelease}
      onPointerLeave={props.onRelease}
      onPointerCancel={props.onRelease}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onBlur={props.onRelease}
      onContextMenu={(event) => event.preventDefault()}
    >
      <StrokeIcon path={ARROWS[props.direction]} size={16} strokeWidth={2.2} />
    </button>
  );
}
