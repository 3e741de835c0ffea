/**
 * The streams of one camera card (camera configuration screen): one row per
 * stream with its state and actions. Placeholder until the streams part of
 * the screen lands; the card mounts it already.
 */
import type { ReactElement } from 'react';
import type { Camera } from '../../../../server/shared/api';

export interface StreamListProps {
  camera: Camera;
  /** Every camera on the server: the copy-stream dialog picks its targets from them. */
  cameras: readonly Camera[];
  /** Called after a change on the server so the screen re-reads its cameras. */
  onChanged: () => void;
}

export function StreamList({ camera }: StreamListProps): ReactElement {
  return (
    <ul className="stream-list">
      {camera.streams.map((stream) => (
        <li key={stream.id}>{stream.name}</li>
      ))}
    </ul>
  );
}
