/**
 * Loads what the motion dialog edits: the stream's live snapshot (GET
 * {href}/frame, spec 7) as an object URL, a mask raster of the snapshot's
 * aspect, and the stored mask (GET bgseg.motionMask.href) painted into it.
 * A snapshot that cannot be fetched leaves `image` missing (saving stays
 * off); a mask that cannot be loaded leaves the raster empty and sets
 * `maskFailed` ('Could not load mask', spec 8). The URL is revoked on close.
 */
import { useEffect, useState } from 'react';
import type { Stream } from '../../../../server/shared/api';
import { liveApi } from '../../../api/live-api';
import { streamSettingsApi } from '../../../api/stream-settings-api';
import { MaskRaster, maskSizeFor } from '../../../core/motion/mask-raster';
import { maskFromPicture, pictureSize } from '../../../media/motion-mask-picture';

/** The snapshot is asked at this size; the recorder fits it into the box keeping the camera's aspect. */
const SNAPSHOT_BOX = { width: 1280, height: 720 };

export type MotionMaskLoad =
  | { state: 'loading' }
  | { state: 'no-image' }
  | { state: 'ready'; snapshotUrl: string; raster: MaskRaster; maskFailed: boolean; hadMask: boolean };

export function useMotionMask(stream: Stream, enabled: boolean): MotionMaskLoad {
  const [load, setLoad] = useState<MotionMaskLoad>({ state: 'loading' });
  const href = stream.recordingConfiguration.bgseg?.motionMask?.href ?? null;

  useEffect(() => {
    if (!enabled) return;
    const lifetime = new AbortController();
    let url: string | null = null;
    void (async () => {
      let snapshot: Blob;
      try {
        snapshot = await liveApi.framePicture(stream.href, SNAPSHOT_BOX, { signal: lifetime.signal });
      } catch {
        if (!lifetime.signal.aborted) setLoad({ state: 'no-image' });
        return;
      }
      const size = await pictureSize(snapshot);
      if (lifetime.signal.aborted) return;
      if (!size) {
        setLoad({ state: 'no-image' });
        return;
      }
      let raster = new MaskRaster(maskSizeFor(size).width, maskSizeFor(size).height);
      let maskFailed = false;
      if (href) {
        try {
          raster = await maskFromPicture(await streamSettingsApi.motionMask(href), raster);
        } catch {
          maskFailed = true; // shown as 'Could not load mask'; the person may draw a new one
        }
      }
      if (lifetime.signal.aborted) return;
      url = URL.createObjectURL(snapshot);
      setLoad({ state: 'ready', snapshotUrl: url, raster, maskFailed, hadMask: href !== null });
    })();
    return () => {
      lifetime.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [stream.href, href, enabled]);

  return load;
}
