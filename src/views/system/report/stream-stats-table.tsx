/**
 * The System report's stream statistics (spec 2, 9): per camera stream, MB
 * recorded (bytes divided by 1024 twice), video and motion recorded as
 * h:mm:ss, in the report's range. Scrolls sideways on a narrow screen.
 */
import type { ReactElement } from 'react';
import { formatDuration, formatMegabytes } from '../../../core/report/report-format';
import type { StreamStatRow } from '../../../core/report/report-rows';
import { t } from '../../../i18n/translate';

export function StreamStatsCard({ rows }: { rows: readonly StreamStatRow[] }): ReactElement {
  return (
    <section className="card report-stats-card" aria-labelledby="report-stats-title">
      <h2 className="card-title" id="report-stats-title">
        {t('report.stats.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{t('report.stats.none')}</p>
      ) : (
        <div className="report-table-scroll">
          <table className="data-table report-stats-table" aria-labelledby="report-stats-title">
            <thead>
              <tr>
                <th scope="col">{t('report.stats.camera')}</th>
                <th scope="col">{t('report.stats.stream')}</th>
                <th scope="col" className="numeric">
                  {t('report.stats.megabytes')}
                </th>
                <th scope="col" className="numeric">
                  {t('report.stats.video')}
                </th>
                <th scope="col" className="numeric">
                  {t('report.stats.motion')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.streamId}>
                  <td>{row.cameraName}</td>
                  <td>{row.name}</td>
                  <td className="numeric">{formatMegabytes(row.bytesRecorded)}</td>
                  <td className="numeric">{formatDuration(row.secondsRecorded)}</td>
                  <td className="numeric">{formatDuration(row.secondsOfMotion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
