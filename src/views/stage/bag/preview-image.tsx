/**
 * A camera's live preview in the bag: a stream picture (GET {href}/frame)
 * loaded when visible and refreshed on the schedule of preview-schedule.ts.
 * The <img> carries the session token as ?sid= (images cannot send headers).
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { liveApi } from '../../../api/live-api';
import { t } from '../../../i18n/translate';
import { sessionState } from '../../../state/session.store';
import { nextRefreshDelayMs, previewSize, shouldRefresh, unavailableAfterMs, PREVIEW_ERROR_MS } from './preview-schedule';

export interface PreviewImageProps {
  name: string;
  streamHref: string | null;
  serverAvailable: boolean;
}

export function PreviewImage({ name, streamHref, serverAvailable }: PreviewImageProps): ReactElement {
  const { session } = useSnapshot(sessionState);
  const token = session?.token ?? null;
  const box = useRef<HTMLDivElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(!streamHref || !serverAvailable);
  const state = useRef({ visible: false, due: false, lastLoadedMs: null as number | null, loads: 0, timer: 0, errorTimer: 0 });
  const loadRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    const element = box.current;
    const s = state.current;
    if (!element || !streamHref || !token) return;
    const load = () => {
      s.due = false;
      const size = previewSize(element.clientWidth || 120, element.clientHeight || 68);
      setSrc(liveApi.frameUrl(streamHref, size, token, Date.now()));
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
      clearTimeout(s.timer);
      clearTimeout(s.errorTimer);
    };
  }, [streamHref, token]);

  const schedule = (ms: number) => {
    const s = state.current;
    clearTimeout(s.timer);
    s.timer = window.setTimeout(() => {
      s.due = true;
      if (s.visible) loadRef.current?.();
    }, ms);
  };

  return (
    <div ref={box} className="preview">
      {src && (
        <img
          src={src}
          alt={t('bag.preview', { name })}
          draggable={false}
          hidden={unavailable}
          onLoad={() => {
            const s = state.current;
            setUnavailable(false);
            s.loads++;
            s.lastLoadedMs = Date.now();
            clearTimeout(s.errorTimer);
            s.errorTimer = 0;
            schedule(nextRefreshDelayMs(s.loads));
          }}
          onError={() => {
            const s = state.current;
            if (!s.errorTimer) s.errorTimer = window.setTimeout(() => setUnavailable(true), unavailableAfterMs(serverAvailable));
            if (serverAvailable) schedule(PREVIEW_ERROR_MS);
          }}
        />
      )}
      {(unavailable || !src) && (
        <span className="preview-placeholder" aria-label={unavailable ? t('bag.previewUnavailable') : undefined}>
          {unavailable ? t('bag.previewUnavailable') : ''}
        </span>
      )}
    </div>
  );
}
