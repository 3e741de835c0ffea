/**
 * The disk-use bar of the retention policy and system status screens (spec 2,
 * spec 3 "Disk utilization"): the volume split into other data, archives and
 * free space, with the cleaner threshold marked; and, when given an estimate
 * (retention policy), under it the estimate bar, red with the not-possible
 * message when the desired retention does not fit (spec 4).
 */
import type { ReactElement } from 'react';
import type { DiskUtilization } from '../../server/shared/api';
import { Notice } from './ui/notice';
import { formatSize } from '../core/retention/format-size';
import type { RetentionEstimate } from '../core/retention/retention-estimate';
import { t } from '../i18n/translate';
import './disk-use-bar.css';

const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : 0);

export function DiskUseBar({ disk, estimate }: { disk: DiskUtilization; estimate?: RetentionEstimate }): ReactElement {
  const { capacity, free, unavailable } = disk.storage;
  return (
    <div className="disk-use">
      <div
        className="disk-bar"
        role="img"
        aria-label={`${t('retention.diskLabel')}: ${t('retention.archives')} ${formatSize(disk.archivesSize)}, ${t('retention.otherData')} ${formatSize(unavailable)}, ${t('retention.free')} ${formatSize(free)}`}
        data-testid="disk-bar"
      >
        <span className="disk-bar-part disk-bar-other" style={{ width: `${share(unavailable, capacity)}%` }} />
        <span className="disk-bar-part disk-bar-archives" style={{ width: `${share(disk.archivesSize, capacity)}%` }} />
        <span className="disk-bar-threshold" style={{ left: `${share(disk.maxUsage, capacity)}%` }} title={t('retention.threshold')} />
      </div>
      <dl className="disk-legend">
        <div>
          <dt>{t('retention.capacity')}</dt>
          <dd>{formatSize(capacity)}</dd>
        </div>
        <div>
          <dt>
            <span className="swatch swatch-archives" aria-hidden="true" />
            {t('retention.archives')}
          </dt>
          <dd data-testid="disk-archives">{formatSize(disk.archivesSize)}</dd>
        </div>
        <div>
          <dt>
            <span className="swatch swatch-other" aria-hidden="true" />
            {t('retention.otherData')}
          </dt>
          <dd>{formatSize(unavailable)}</dd>
        </div>
        <div>
          <dt>
            <span className="swatch swatch-free" aria-hidden="true" />
            {t('retention.free')}
          </dt>
          <dd>{formatSize(free)}</dd>
        </div>
        <div>
          <dt>
            <span className="swatch swatch-threshold" aria-hidden="true" />
            {t('retention.threshold')}
          </dt>
          <dd>{t('retention.thresholdValue', { percent: disk.thresholdPercentage, size: formatSize(disk.maxUsage) })}</dd>
        </div>
        {disk.bytesFromDeletedCameras > 0 && (
          <div>
            <dt>{t('retention.deletedCameras')}</dt>
            <dd>{formatSize(disk.bytesFromDeletedCameras)}</dd>
          </div>
        )}
      </dl>
      {estimate && <EstimateBar estimate={estimate} />}
    </div>
  );
}

/** The desired retention's need against the archive budget (retention policy only). */
function EstimateBar({ estimate }: { estimate: RetentionEstimate }): ReactElement {
  const fill = share(estimate.estimatedBytes, estimate.budgetBytes);
  return (
    <>
      <div className="estimate-row">
        <span className="estimate-label">{t('retention.estimateLabel')}</span>
        <div
          className={estimate.possible ? 'estimate-bar' : 'estimate-bar estimate-bar-over'}
          role="meter"
          aria-label={t('retention.estimateLabel')}
          aria-valuemin={0}
          aria-valuemax={estimate.budgetBytes}
          aria-valuenow={Math.round(estimate.estimatedBytes)}
          data-testid="estimate-bar"
          data-possible={estimate.possible}
        >
          <span className="estimate-bar-fill" style={{ width: `${estimate.possible ? fill : 100}%` }} />
        </div>
        <span className="estimate-value">
          {t('retention.estimateValue', { estimate: formatSize(estimate.estimatedBytes), budget: formatSize(estimate.budgetBytes) })}
        </span>
      </div>
      {!estimate.possible && <Notice kind="error">{t('retention.notPossible')}</Notice>}
    </>
  );
}
