/** Dewarp dialog (spec 2): perspective and panorama settings of one stream. Placeholder until it lands. */
import type { ReactElement } from 'react';
import type { Camera, Stream } from '../../../../server/shared/api';

export interface DewarpDialogProps {
  camera: Camera;
  stream: Stream;
  onClose: (saved: boolean) => void;
}

export function DewarpDialog(_props: DewarpDialogProps): ReactElement | null {
  return null;
}
