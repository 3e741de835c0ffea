/**
 * A camera's live preview in the bag: a stream picture (GET {href}/frame),
 * or the aggregator's cropped camera preview for a server reached through
 * its proxy (state/preview-picture.ts bagCameraPreview), loaded when
 * visible and refreshed on the schedule of preview-schedule.ts.
 * Pictures come through the images request queue (state/preview-picture.ts:
 * at most 3 at once, with the bearer token) and are shown from object URLs
 * that the picture revokes when replaced and on unmount.
 */
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { t } from '../../../i18n/translate';
import { bagCameraPreview } from '../../../state/preview-picture';
import { sessionState } from '../../../state/session.store';
import { nextRefreshDelayMs, shouldRefresh, unavailableAfterMs, PREVIEW_ERROR_MS } from './preview-schedule';

export interface PreviewImageProps {
  name: string;
  cameraId: string;
  streamHref: string | null;
  /** The camera's server (orchidId): the picture is asked there. */
  server?: string;
  serverAvailable: boolean;
}

export function PreviewImage({ name, cameraId, streamHref, server, serverAvailable }: PreviewImageProps): ReactElement {
  const { session } = useSnapshot(sessionState);
  const token = session?.token ?? null;
  const box = useRef<HTMLDivElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(!streamHref || !serverAvailable);
  const state = useRef({ visible: false, due: false, lastLoadedMs: null as number | null, loads: 0, timer: 0, errorTimer: 0 });
  const loadRef = useRef<(() => void) | null>(null);
  // Read when a load fails, which may be long after the render that started it.
  const serverAvailableRef = useRef(serverAvailable);
  useEffect(() => {
    serverAvailableRef.current = serverAvailable;
  }, [serverAvailable]);

  const schedule = useCallback((ms: number) => {
    const s = state.current;
    clearTimeout(s.timer);
    s.timer = window.setTimeout(() => {
      s.due = true;
      if (s.visible) loadRef.current?.();
    }, ms);
  }, []);

  const onLoaded = useCallback(() => {
    const s = state.current;
    setUnavailable(false);
    s.loads++;
    s.lastLoadedMs = Date.now();
    clearTimeout(s.errorTimer);
    s.errorTimer = 0;
    schedule(nextRefreshDelayMs(s.loads));
  }, [schedule]);

  // A failed fetch, a picture that does not decode, or a load dropped by a queue reset.
  const onFailed = useCallback(() => {
    const s = state.current;
    const available = serverAvailableRef.current;
    if (!s.errorTimer) s.errorTimer = window.setTimeout(() => setUnavailable(true), unavailableAfterMs(available));
    if (available) schedule(PREVIEW_ERROR_MS);
  }, [schedule]);

  useEffect(() => {
    const element = box.current;
    const s = state.current;
    if (!element || !streamHref || !token) return;
    const picture = bagCameraPreview({ id: cameraId, orchidId: server, streamHref }, { onPicture: setSrc, onFailure: onFailed });
    const load = () => {
      if (picture.busy) return; // the picture under way answers this refresh too
      s.due = false;
      picture.load({ width: element.clientWidth || 120, height: element.clientHeight || 68 });
    };
    const observer = new IntersectionObserver(([entry]) => {
      s.visible = entry?.isIntersecting ?? false;
      if (shouldRefresh({ visible: s.visible, due: s.due, lastLoadedMs: s.lastLoadedMs, nowMs: Date.now() })) load();
    });
    observer.observe(element);
    loadRef.current = load;
    return () => {
      loadRef.current = null;
      observer.disconnect();
      picture.dispose();
      clearTimeout(s.timer);
      clearTimeout(s.errorTimer);
    };
  }, [cameraId, streamHref, server, token, onFailed]);

  return (
    <div ref={box} className="preview">
      {src && <img src={src} alt={t('bag.preview', { name })} draggable={false} hidden={unavailable} onLoad={onLoaded} onError={onFailed} />}
      {(unavailable || !src) && (
        <span className="preview-placeholder" aria-label={unavailable ? t('bag.previewUnavailable') : undefined}>
          {unavailable ? t('bag.previewUnavailable') : ''}
        </span>
      )}
    </div>
  );
}
