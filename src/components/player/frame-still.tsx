/**
 * The still picture a paused tile shows after a frame step (src/media
 * frame-step.ts). The picture reaches the <img> through its ref, not React
 * state; the still goes when the tile plays again.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { frameStep } from '../../media/frame-step';
import { serverOffsetMs } from '../../state/server-offsets';

export function FrameStill({ tileKey, streamHref, server, paused, size }: {
  tileKey: string;
  streamHref: string | null;
  /** The stream's server (its camera's orchidId). */
  server?: string;
  paused: boolean;
  size: { width: number; height: number };
}): ReactElement {
  const imageRef = useRef<HTMLImageElement>(null);
  const sizeRef = useRef(size);
  sizeRef.current = size;

  useEffect(() => {
    if (!streamHref) return;
    return frameStep.register(tileKey, {
      streamHref,
      ...(server ? { server } : {}),
      serverOffsetMs: () => serverOffsetMs(server),
      size: () => ({ width: sizeRef.current.width * devicePixelRatio, height: sizeRef.current.height * devicePixelRatio }),
      show: (url) => {
        const image = imageRef.current;
        if (!image) return;
        if (url === null) {
          image.removeAttribute('src');
          image.hidden = true;
          return;
        }
        image.src = url;
        // Shown once its picture is decoded: the first still, shown at once, let the paused video's picture through
        // until then, a frame other than the one stepped to. A newer still meanwhile decides for itself.
        const reveal = () => {
          if (image.src === url) image.hidden = false;
        };
        image.decode().then(reveal, reveal);
      },
    });
  }, [tileKey, streamHref, server]);

  useEffect(() => {
    if (!paused) frameStep.clear(tileKey);
  }, [paused, tileKey]);

  return <img ref={imageRef} className="tile-still" alt="" hidden data-testid="tile-still" />;
}
