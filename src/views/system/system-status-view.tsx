/**
 * System status (spec 2, 3): the disk utilisation bar (the retention screen's)
 * and the active stream table. Administrators and Managers, single-server
 * mode (the route guard; the recorder enforces the role too).
 *
 * Loads GET /service/server/utilization/disk and GET /service/cameras (camera
 * names and the streams the preview needs) once; the streams' statuses come
 * from useActiveStreams, which keeps each one fresh on its own schedule.
 */
import { useEffect, useState, type ReactElement } from 'react';
import type { Camera, DiskUtilization } from '../../../server/shared/api';
import { camerasApi } from '../../api/cameras-api';
import { describeApiError } from '../../api/error-message';
import { retentionApi } from '../../api/retention-api';
import { DiskUseBar } from '../../components/disk-use-bar';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { t } from '../../i18n/translate';
import { ActiveStreamTable } from './active-stream-table';
import { useActiveStreams } from './use-active-streams';
// The stream state chips are the camera screen's stream list chips.
import '../cameras/streams/streams.css';
import './system-status.css';

export function SystemStatusView(): ReactElement {
  const [disk, setDisk] = useState<DiskUtilization | null>(null);
  const [diskError, setDiskError] = useState<string | null>(null);
  const [cameras, setCameras] = useState<readonly Camera[] | null>(null);
  const [camerasError, setCamerasError] = useState<unknown>(null);
  const { statuses, loadError, nowMs, set } = useActiveStreams();

  useEffect(() => {
    let alive = true;
    retentionApi.disk().then(
      (answer) => alive && setDisk(answer),
      (error: unknown) => alive && setDiskError(t('system.diskFailed', { reason: describeApiError(error) })),
    );
    camerasApi.list().then(
      (answer) => alive && setCameras(answer),
      (error: unknown) => alive && setCamerasError(error),
    );
    return () => {
      alive = false;
    };
  }, []);

  const streamsError = loadError ?? camerasError;
  return (
    <PageFrame title={t('system.title')} subtitle={t('system.subtitle')} width="wide">
      <div className="system-status-layout">
        <section className="card" aria-labelledby="system-disk-title">
          <h2 className="card-title" id="system-disk-title">
            {t('system.diskCard')}
          </h2>
          {diskError && <Notice kind="error">{diskError}</Notice>}
          {!disk && !diskError && <Spinner label={t('common.loading')} />}
          {disk && <DiskUseBar disk={disk} />}
        </section>
        <section className="card" aria-labelledby="system-streams-title">
          <h2 className="card-title" id="system-streams-title">
            {t('system.streamsCard')}
          </h2>
          {streamsError !== null && <Notice kind="error">{t('system.loadFailed', { reason: describeApiError(streamsError) })}</Notice>}
          {streamsError === null && (!statuses || !cameras) && <Spinner label={t('common.loading')} />}
          {statuses && cameras && <ActiveStreamTable statuses={statuses} cameras={cameras} nowMs={nowMs} onStatus={set} />}
        </section>
      </div>
    </PageFrame>
  );
}
