/** Motion-detection dialog (spec 2): mask and object size of one stream. Placeholder until it lands. */
import type { ReactElement } from 'react';
import type { Camera, Stream } from '../../../../server/shared/api';

export interface MotionDialogProps {
  camera: Camera;
  stream: Stream;
  onClose: (saved: boolean) => void;
}

export function MotionDialog(_props: MotionDialogProps): ReactElement | null {
  return null;
}
