/**
 * Motion-detection dialog (spec 2): mask and object size of one stream. The
 * seam the stream list mounts; the dialog itself (motion-settings-dialog.tsx)
 * loads on first open, so the camera screen's bundle does not carry it.
 */
import { lazy, Suspense, type ReactElement } from 'react';
import type { Camera, Stream } from '../../../../server/shared/api';

export interface MotionDialogProps {
  camera: Camera;
  stream: Stream;
  onClose: (saved: boolean) => void;
}

const MotionSettingsDialog = lazy(() => import('./motion-settings-dialog').then((m) => ({ default: m.MotionSettingsDialog })));

export function MotionDialog(props: MotionDialogProps): ReactElement {
  return (
    <Suspense fallback={null}>
      <MotionSettingsDialog {...props} />
    </Suspense>
  );
}
