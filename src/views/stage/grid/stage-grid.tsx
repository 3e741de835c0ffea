/**
 * The stage's camera matrix (spec 2 "Grid behaviour"): tiles laid out from
 * the stage store (16:9 cells, 3 px gaps, 20 px margin, moves animated over
 * 200 ms), the green/red target while dragging or resizing, and the target
 * of cameras dragged from the bag (camera-drop-target.ts: pointer events,
 * so mouse and touch drags share one path). What goes inside a tile
 * (player, empty-cell hint) is the caller's `renderTile`.
 *
 * Full screen shows one cell over the whole matrix; the other tiles stay
 * mounted but hidden (their players pause and are muted), so leaving full
 * screen shows them at once. Under the tiles lies the stage compositor's
 * canvas, which draws the tiles that need a shader (digital zoom, dewarp);
 * it gets a WebGL context only when a first such tile appears.
 */
import { useEffect, useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { useSnapshot } from 'valtio/react';
import type { StageCell, StageMatrix } from '../../../../server/shared/api';
import {
  GRID_ANIMATION_MS,
  stageActions,
  stageAreaRect,
  stageGridLayout,
  stagePositionAt,
  stageState,
  stageTileRects,
  type CellPosition,
  type GridLayout,
  type Rect,
} from '../../../state/stage.store';
import { useStageMedia } from '../../../components/player/stage-media-context';
import { registerCameraDropTarget } from './camera-drop-target';
import { tileKeys } from './tile-keys';
import { useElementSize } from './use-element-size';
import { useGridPointer } from './use-grid-pointer';

export interface StageTileProps {
  cell: StageCell;
  position: CellPosition;
  rect: Rect;
  fullScreen: boolean;
  /** Stable across moves: follows the camera (a camera shown twice gets a suffix). */
  tileKey: string;
  /** The key of the tile in full screen, if any. */
  fullScreenKey: string | null;
  /** Another tile is in full screen. */
  hidden: boolean;
}

export interface StageGridProps {
  renderTile: (tile: StageTileProps) => ReactNode;
  ariaLabel?: string;
}

/** The grid position under a viewport point: undefined outside the grid's box, null in its top or left margin. */
function positionUnder(element: HTMLElement | null, layout: GridLayout, clientX: number, clientY: number): CellPosition | null | undefined {
  if (!element) return undefined;
  const box = element.getBoundingClientRect();
  const x = clientX - box.left;
  const y = clientY - box.top;
  if (x < 0 || y < 0 || x > box.width || y > box.height) return undefined;
  return stagePositionAt(layout, x, y);
}

const placed = (rect: Rect) => ({
  position: 'absolute' as const,
  left: rect.x,
  top: rect.y,
  width: rect.width,
  height: rect.height,
});

export function StageGrid({ renderTile, ariaLabel }: StageGridProps): ReactElement {
  const snap = useSnapshot(stageState);
  const container = useRef<HTMLDivElement>(null);
  const size = useElementSize(container);
  const matrix = snap.matrix as StageMatrix;
  const layout = useMemo(() => stageGridLayout(matrix, size.width, size.height), [matrix, size.width, size.height]);
  const tiles = useMemo(() => stageTileRects(matrix, layout), [matrix, layout]);
  const pointer = useGridPointer(matrix, layout);
  const latestLayout = useRef(layout);
  latestLayout.current = layout;

  // Cameras dragged from the bag land here (read at each pointer move, so always with the current layout).
  useEffect(
    () =>
      registerCameraDropTarget({
        preview(camera, clientX, clientY) {
          const position = positionUnder(container.current, latestLayout.current, clientX, clientY);
          if (position) stageActions.previewClaim(position, camera);
          else stageActions.cancelDrag();
          return position !== undefined;
        },
        drop(camera, clientX, clientY) {
          const position = positionUnder(container.current, latestLayout.current, clientX, clientY);
          stageActions.cancelDrag();
          if (position) stageActions.claim(position, camera);
          return position !== undefined;
        },
        cancel: () => stageActions.cancelDrag(),
      }),
    [],
  );

  const { onKeyDown } = pointer;
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onKeyDown]);
  // Keyed by camera so a moved tile keeps its element (and animates); a camera shown twice gets a suffix.
  const keys = useMemo(() => tileKeys(matrix, tiles.map((tile) => tile.position)), [tiles, matrix]);

  const full = snap.fullScreen;
  const highlight = snap.highlight;
  const media = useStageMedia();
  const compositorCanvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (media && compositorCanvas.current && size.width > 0) media.setCompositorCanvas(compositorCanvas.current, size.width, size.height);
  }, [media, size.width, size.height]);
  const fullIndex = full === null ? -1 : tiles.findIndex((tile) => tile.position.row === full.row && tile.position.column === full.column);
  const fullScreenKey = fullIndex >= 0 ? keys[fullIndex]! : null;

  return (
    <div
      ref={container}
      className="stage-grid"
      data-testid="stage-grid"
      aria-label={ariaLabel}
      style={{ position: 'relative', width: '100%', height: '100%', touchAction: 'none', userSelect: 'none' }}
      onPointerDown={pointer.onPointerDown}
      onPointerMove={pointer.onPointerMove}
      onPointerUp={pointer.onPointerUp}
      onPointerCancel={pointer.onPointerCancel}
      onPointerDownCapture={pointer.onPointerDownCapture}
      onPointerUpCapture={pointer.onPointerEndCapture}
      onPointerCancelCapture={pointer.onPointerEndCapture}
      onLostPointerCapture={pointer.onLostPointerCapture}
    >
      <canvas ref={compositorCanvas} className="stage-compositor" aria-hidden="true" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
      {tiles.map((tile, index) => {
        const isFull = index === fullIndex;
        const hidden = fullIndex >= 0 && !isFull;
        const rect = isFull ? { x: 0, y: 0, width: size.width, height: size.height } : tile.rect;
        const cell = matrix[tile.position.row]![tile.position.column]!;
        return (
          <div
            key={keys[index]}
            className={`stage-cell ${tile.state}${isFull ? ' full-screen' : ''}`}
            data-row={tile.position.row}
            data-column={tile.position.column}
            aria-hidden={hidden || undefined}
            style={{
              ...placed(rect),
              transition: `left ${GRID_ANIMATION_MS}ms, top ${GRID_ANIMATION_MS}ms, width ${GRID_ANIMATION_MS}ms, height ${GRID_ANIMATION_MS}ms`,
              ...(hidden ? { visibility: 'hidden' as const, pointerEvents: 'none' as const } : {}),
              ...(isFull ? { zIndex: 5 } : {}),
            }}
          >
            {renderTile({ cell, position: tile.position, rect, fullScreen: isFull, tileKey: keys[index]!, fullScreenKey, hidden })}
          </div>
        );
      })}
      {highlight && (
        <div
          className={`stage-target ${highlight.accepted ? 'accepted' : 'refused'}`}
          data-testid="stage-target"
          aria-hidden="true"
          style={{
            ...placed(stageAreaRect(layout, highlight.area)),
            pointerEvents: 'none',
            boxSizing: 'border-box',
            border: `3px solid ${highlight.accepted ? '#2e7d32' : '#c62828'}`,
            background: highlight.accepted ? 'rgba(46, 125, 50, 0.2)' : 'rgba(198, 40, 40, 0.2)',
          }}
        />
      )}
    </div>
  );
}
