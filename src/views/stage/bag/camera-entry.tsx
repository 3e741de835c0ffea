/**
 * One camera in the bag: drag it onto the matrix (with a mouse, or by touch
 * after holding it for a moment: use-camera-drag.ts), or double-click it
 * (or press Enter) to put it in the first free cell. Shows a live preview
 * in the mosaic and big layouts, the name only in the list layout, and a
 * warning with the reason when the camera cannot play.
 */
import { useRef, type ReactElement } from 'react';
import type { Camera } from '../../../../server/shared/api';
import { PlayerIcon } from '../../../components/player/player-icon';
import { t, type MessageKey } from '../../../i18n/translate';
import { cameraProblem, type BagLayout } from '../../../state/stage-bag.store';
import { stageActions } from '../../../state/stage.store';
import { PreviewImage } from './preview-image';
import { useCameraDrag } from './use-camera-drag';

export function CameraEntry({ camera, layout, serverAvailable }: { camera: Camera; layout: BagLayout; serverAvailable: boolean }): ReactElement {
  const problem = cameraProblem(camera);
  const stageCamera = { id: camera.id, orchidId: camera.orchidId };
  const add = () => stageActions.addCamera(stageCamera);
  const entry = useRef<HTMLLIElement>(null);
  const drag = useCameraDrag(entry, stageCamera, camera.name);
  return (
    <li
      ref={entry}
      className={`camera-entry${problem ? ' has-problem' : ''}`}
      onPointerDown={drag.onPointerDown}
      onPointerMove={drag.onPointerMove}
      onPointerUp={drag.onPointerUp}
      onPointerCancel={drag.onPointerCancel}
      onLostPointerCapture={drag.onLostPointerCapture}
      onContextMenu={drag.onContextMenu}
      onDoubleClick={add}
      onKeyDown={(event) => {
        if (event.key === 'Enter') add();
      }}
      tabIndex={0}
      aria-label={t('bag.addCamera', { name: camera.name })}
      data-testid="bag-camera"
      title={problem ? t(`bag.cameraProblem.${problem}` as MessageKey) : camera.name}
    >
      {layout !== 'list' && (
        // Spec 4: previews need a running stream.
        <PreviewImage name={camera.name} cameraId={camera.id} server={camera.orchidId} streamHref={problem ? null : (camera.primaryStream?.href ?? null)} serverAvailable={serverAvailable} />
      )}
      <span className="camera-entry-name">
        {layout === 'list' && <PlayerIcon name="camera" size={14} />}
        <span className="camera-entry-text">{camera.name}</span>
        {problem && (
          <span className="camera-entry-warning" role="img" aria-label={t(`bag.cameraProblem.${problem}` as MessageKey)}>
            <PlayerIcon name="warning" size={13} />
          </span>
        )}
      </span>
    </li>
  );
}
