/**
 * Camera configuration (spec 2): camera list, add-cameras dialog, streams, dewarp and motion settings. Administrators, single-server mode.
 * Stand-in until the camera cards land: each camera's name and its stream list, so the streams part can be used and tested.
 */
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import type { Camera } from '../../../server/shared/api';
import { stageApi } from '../../api/stage-api';
import { PageFrame } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';
import { StreamList } from './streams/stream-list';

export function CamerasView(): ReactElement {
  const [cameras, setCameras] = useState<Camera[]>([]);
  const load = useCallback(() => {
    stageApi.cameras().then(setCameras, () => setCameras([]));
  }, []);
  useEffect(load, [load]);
  return (
    <PageFrame title={t('screens.cameras.title')} width="wide">
      {cameras.map((camera) => (
        <section key={camera.id} className="card" aria-label={camera.name}>
          <h2>{camera.name}</h2>
          <StreamList camera={camera} cameras={cameras} onChanged={load} />
        </section>
      ))}
    </PageFrame>
  );
}
