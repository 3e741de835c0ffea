/**
 * Current disk usage (spec 2): per camera what its archives take now, the
 * video they hold in days (actual retention) and the calendar span from its
 * oldest archive to now, from GET /service/cameras/disk-usage.
 */
import type { ReactElement } from 'react';
import type { CameraDiskUsage } from '../../../server/shared/api';
import { formatSize } from '../../core/retention/format-size';
import { formatDays } from '../../core/retention/retention-estimate';
import { t } from '../../i18n/translate';

export function CurrentUsageCard({ cameras }: { cameras: readonly CameraDiskUsage[] }): ReactElement {
  return (
    <section className="card retention-usage-card" aria-labelledby="retention-usage-title">
      <h2 className="card-title" id="retention-usage-title">
        {t('retention.usageCard')}
      </h2>
      <table className="data-table" aria-label={t('retention.usageTableLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('retention.camera')}</th>
            <th scope="col">{t('retention.used')}</th>
            <th scope="col">{t('retention.actualRetention')}</th>
            <th scope="col">{t('retention.span')}</th>
          </tr>
        </thead>
        <tbody>
          {cameras.map((camera) => (
            <tr key={camera.cameraId} data-testid={`usage-row-${camera.cameraId}`}>
              <td className="strong">{camera.cameraName}</td>
              <td>{formatSize(camera.bytesRecorded)}</td>
              <td title={t('retention.actualTitle', { seconds: camera.secondsRecorded })}>{t('retention.daysFigure', { days: formatDays(camera.daysRecorded) })}</td>
              <td>{t('retention.daysFigure', { days: formatDays(camera.calendarDays) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {cameras.length === 0 && <p className="muted empty-note">{t('retention.noCameras')}</p>}
    </section>
  );
}
