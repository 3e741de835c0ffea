/**
 * Dewarp dialog (spec 2): perspective and panorama settings of one stream.
 * The seam the stream list mounts; the dialog itself
 * (dewarp-settings-dialog.tsx) and its preview worker load on first open,
 * so the camera screen's bundle does not carry them.
 */
import { lazy, Suspense, type ReactElement } from 'react';
import type { Camera, Stream } from '../../../../server/shared/api';

export interface DewarpDialogProps {
  camera: Camera;
  stream: Stream;
  onClose: (saved: boolean) => void;
}

const DewarpSettingsDialog = lazy(() => import('./dewarp-settings-dialog').then((m) => ({ default: m.DewarpSettingsDialog })));

export function DewarpDialog(props: DewarpDialogProps): ReactElement {
  return (
    <Suspense fallback={null}>
      <DewarpSettingsDialog {...props} />
    </Suspense>
  );
}
