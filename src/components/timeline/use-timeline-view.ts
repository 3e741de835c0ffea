/**
 * Starts the timeline worker on a canvas made inside `hostRef` (a fresh
 * canvas per mount: an OffscreenCanvas transfer is once per element, and
 * React's strict mode mounts twice), keeps its size with the host's, and
 * runs the data feed for the followed cameras. Gestures' outcomes go to
 * the timeline store (seek debounced, fine window = export selection); a
 * scale change re-fetches after the scale lock.
 *
 * Only intents cross here; the playhead goes to the worker 24 times a
 * second from the store's anchors, outside React.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { startTimelineView, type TimelineViewHandle } from '../../media/timeline-view';
import { serverOffsetMs } from '../../state/server-offsets';
import { startTimelineFeed, type TimelineTrackSource } from '../../state/timeline-feed';
import { createOutcomeApplier } from '../../state/timeline-outcomes';
import { currentTimeAt, isLiveAt, tileContext, timelineState } from '../../state/timeline.store';

export interface TimelineViewBinding {
  view: TimelineViewHandle | null;
  /** 'webgl', 'canvas', or 'failed' when neither renderer could start. */
  renderer: string | null;
}

export function useTimelineView(
  hostRef: RefObject<HTMLDivElement | null>,
  contextKey: string | undefined,
  sources: readonly TimelineTrackSource[],
): TimelineViewBinding {
  const [binding, setBinding] = useState<TimelineViewBinding>({ view: null, renderer: null });
  const keyRef = useRef(contextKey);
  const sourcesRef = useRef(sources);
  const feedRef = useRef<ReturnType<typeof startTimelineFeed> | null>(null);
  keyRef.current = contextKey;
  sourcesRef.current = sources;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'timeline-scale-canvas';
    host.prepend(canvas);
    const box = host.getBoundingClientRect();
    const applier = createOutcomeApplier(() => keyRef.current);
    const view = startTimelineView(canvas, {
      widthPx: Math.max(1, Math.round(box.width)),
      heightPx: Math.max(1, Math.round(box.height)),
      playhead: () => {
        const context = tileContext(timelineState, keyRef.current ?? '');
        const nowMs = Date.now();
        return { timeMs: currentTimeAt(context, nowMs), live: isLiveAt(context, nowMs) };
      },
      onOutcomes: (outcomes) => {
        applier.apply(outcomes);
        if (outcomes.some((outcome) => outcome.type === 'scale')) feedRef.current?.scaleChanged();
      },
    });
    let alive = true;
    view.ready.then(
      (renderer) => alive && setBinding({ view, renderer }),
      (error: unknown) => {
        console.warn('The timeline could not start a renderer', error);
        if (alive) setBinding({ view: null, renderer: 'failed' });
      },
    );
    const feed = startTimelineFeed({
      sources: () => sourcesRef.current,
      sink: view,
      serverOffsetMs: (server) => serverOffsetMs(server),
    });
    feedRef.current = feed;
    const resize = new ResizeObserver(([entry]) => {
      if (!entry) return;
      view.resize(Math.max(1, Math.round(entry.contentRect.width)), Math.max(1, Math.round(entry.contentRect.height)));
    });
    resize.observe(host);
    return () => {
      alive = false;
      resize.disconnect();
      feed.stop();
      feedRef.current = null;
      applier.cancel();
      view.destroy();
      canvas.remove();
    };
  }, [hostRef]);

  // The followed cameras changed: show (or drop) their tracks at once rather than at the next poll.
  const sourceKey = sources.map((source) => `${source.key}:${source.streamId}`).join('|');
  useEffect(() => {
    feedRef.current?.refresh();
  }, [sourceKey]);

  return binding;
}
