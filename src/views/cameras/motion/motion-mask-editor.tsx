/**
 * The motion mask over the camera picture: the snapshot as background and a
 * canvas on top where the brush paints (draw) or clears (erase) the areas
 * where motion is ignored. Pointer events, so a mouse, a pen and a finger
 * all draw (touch-action none keeps the page from scrolling under a finger).
 * The mask itself is the MaskRaster the dialog owns; this component only
 * maps pointer positions into it and repaints once per animation frame.
 */
import { useEffect, useRef, type PointerEvent, type ReactElement } from 'react';
import { toRasterPoint, type MaskMode, type MaskPoint, type MaskRaster } from '../../../core/motion/mask-raster';
import { paintMask } from '../../../media/motion-mask-picture';
import { t } from '../../../i18n/translate';

export interface MotionMaskEditorProps {
  snapshotUrl: string;
  raster: MaskRaster;
  /** Changes whenever the raster changed outside (loaded, cleared), so the canvas repaints. */
  version: number;
  brushSize: number;
  mode: MaskMode;
  disabled: boolean;
  /** A stroke ended: the mask differs from what was stored. */
  onEdited(): void;
}

export function MotionMaskEditor({ snapshotUrl, raster, version, brushSize, mode, disabled, onEdited }: MotionMaskEditorProps): ReactElement {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<MaskPoint | null>(null);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    if (canvasRef.current) paintMask(canvasRef.current, raster);
  }, [raster, version]);

  useEffect(() => () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
  }, []);

  const repaint = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (canvasRef.current) paintMask(canvasRef.current, raster);
    });
  };

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): MaskPoint => {
    const box = event.currentTarget.getBoundingClientRect();
    return toRasterPoint(raster, box, event.clientX - box.left, event.clientY - box.top);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = pointAt(event);
    last.current = at;
    raster.dab(at, brushSize, mode);
    repaint();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const at = pointAt(event);
    raster.stroke(last.current, at, brushSize, mode);
    last.current = at;
    repaint();
  };

  const onPointerEnd = () => {
    if (!last.current) return;
    last.current = null;
    onEdited();
  };

  return (
    <div className="media-picture" style={{ aspectRatio: `${raster.width} / ${raster.height}` }}>
      <img src={snapshotUrl} alt="" data-testid="motion-snapshot" />
      <canvas
        ref={canvasRef}
        className="mask-canvas"
        role="img"
        aria-label={t('cameraMedia.motion.canvas')}
        aria-disabled={disabled}
        data-testid="motion-mask-canvas"
        data-painted={raster.isEmpty() ? 'false' : 'true'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onLostPointerCapture={onPointerEnd}
      />
    </div>
  );
}
