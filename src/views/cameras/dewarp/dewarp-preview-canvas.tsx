/**
 * The dewarp dialog's live preview: a canvas handed to the dewarp preview
 * worker (src/media/dewarp-preview.ts), which draws the stream's picture
 * through the stage's dewarp shaders with the form's current view. The
 * canvas is made here rather than rendered, because a canvas can give its
 * control to a worker only once and React may run an effect twice.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { DewarpPreview, type DewarpPreviewEvent, type PreviewView } from '../../../media/dewarp-preview';
import { t } from '../../../i18n/translate';

export interface DewarpPreviewCanvasProps {
  streamHref: string;
  view: PreviewView;
  onEvent(event: DewarpPreviewEvent): void;
}

export function DewarpPreviewCanvas({ streamHref, view, onEvent }: DewarpPreviewCanvasProps): ReactElement {
  const boxRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<DewarpPreview | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const canvas = document.createElement('canvas');
    canvas.setAttribute('data-testid', 'dewarp-preview-canvas');
    box.append(canvas);
    const rect = box.getBoundingClientRect();
    let preview: DewarpPreview;
    try {
      preview = new DewarpPreview({
        canvas,
        streamHref,
        width: Math.max(1, rect.width),
        height: Math.max(1, rect.height),
        onEvent: (event) => {
          box.dataset.preview = event;
          onEventRef.current(event);
        },
      });
    } catch {
      // No OffscreenCanvas or workers in this browser: the dialog still edits settings.
      onEventRef.current('failed-to-initialise');
      canvas.remove();
      return;
    }
    previewRef.current = preview;
    preview.setView(viewRef.current);
    const observer = new ResizeObserver(() => {
      const next = box.getBoundingClientRect();
      if (next.width > 0 && next.height > 0) preview.resize(next.width, next.height);
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      preview.destroy();
      previewRef.current = null;
      canvas.remove();
    };
  }, [streamHref]);

  useEffect(() => {
    previewRef.current?.setView(view);
  }, [view]);

  return <div ref={boxRef} className="media-picture" role="img" aria-label={t('cameraMedia.dewarp.preview')} data-testid="dewarp-preview" />;
}
