/**
 * The timeline scale (spec 4): a Pixi-drawn strip rendered in a worker (see
 * src/media/timeline-view.ts), of which React holds only the host element
 * and turns pointer, wheel and pinch events into intents. Drag moves in
 * time (coarse outside the blue fine window, fine inside it, handles
 * resize it), a click seeks there, the wheel or a pinch zooms, the LIVE
 * label or anything right of now goes live. Recorded spans and motion of
 * each followed camera show in the camera's colour.
 *
 * Limits: pointer only; the keyboard moves time with the date-time dialog
 * and the Live button beside this scale.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type ReactElement } from 'react';
import { t } from '../../i18n/translate';
import type { TimelineTrackSource } from '../../state/timeline-feed';
import { useTimelineView } from './use-timeline-view';
import './timeline-scale.css';

export interface TimelineScaleProps {
  /** The context the scale drives: a full-screen tile's key, or the master when undefined. */
  contextKey?: string;
  /** The cameras whose recordings and motion it shows. */
  tracks: readonly TimelineTrackSource[];
}

export function TimelineScale(props: TimelineScaleProps): ReactElement {
  const hostRef = useRef<HTMLDivElement>(null);
  const { view, renderer } = useTimelineView(hostRef, props.contextKey, props.tracks);
  const touches = useRef(new Map<number, number>());
  const pinchFrom = useRef(0);

  // Wheel zoom must prevent the page's scroll, which a passive React listener cannot.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !view) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      view.wheel(event.deltaY);
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => host.removeEventListener('wheel', onWheel);
  }, [view]);

  const xOf = (event: ReactPointerEvent) => event.clientX - event.currentTarget.getBoundingClientRect().left;
  const spread = () => {
    const [a, b] = [...touches.current.values()];
    return Math.abs((a ?? 0) - (b ?? 0));
  };

  return (
    <div
      ref={hostRef}
      className="timeline-scale"
      role="group"
      aria-label={t('timeline.scale')}
      data-testid="timeline-scale"
      data-renderer={renderer ?? 'starting'}
      onPointerDown={(event) => {
        if (!view) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        touches.current.set(event.pointerId, event.clientX);
        if (touches.current.size === 2) {
          view.pointerCancel();
          pinchFrom.current = Math.max(1, spread());
          view.pinchStart();
        } else if (touches.current.size === 1) view.pointerDown(xOf(event));
      }}
      onPointerMove={(event) => {
        if (!view || !touches.current.has(event.pointerId)) return;
        touches.current.set(event.pointerId, event.clientX);
        if (touches.current.size >= 2) view.pinch(spread() / pinchFrom.current);
        else view.pointerMove(xOf(event));
      }}
      onPointerUp={(event) => {
        if (!view || !touches.current.has(event.pointerId)) return;
        const single = touches.current.size === 1;
        touches.current.delete(event.pointerId);
        if (single) view.pointerUp(xOf(event));
      }}
      onPointerCancel={(event) => {
        touches.current.delete(event.pointerId);
        view?.pointerCancel();
      }}
    />
  );
}
