/**
 * The retention table (spec 2): camera, estimated retention (days to 0.1, for
 * the configuration being edited) and desired retention. A row is Automatic
 * (a button that switches it to a manual number box) or manual (the box, 0 to
 * 10000 days, with a cancel icon back to automatic). Motion-only cameras are
 * marked, with the footnote that their estimate depends on motion.
 */
import type { ReactElement } from 'react';
import type { CameraDiskUsage } from '../../../server/shared/api';
import { Icon } from '../../components/ui/icon';
import { formatDays } from '../../core/retention/retention-estimate';
import { rowError, type RetentionRow } from '../../core/retention/retention-form';
import { t } from '../../i18n/translate';

export interface RetentionTableProps {
  cameras: readonly CameraDiskUsage[];
  rows: readonly RetentionRow[];
  /** Days each camera would keep under the edited configuration, by camera id. */
  estimatedDays: ReadonlyMap<string, number>;
  disabled: boolean;
  onManual: (cameraId: string) => void;
  onAutomatic: (cameraId: string) => void;
  onDays: (cameraId: string, text: string) => void;
}

export function RetentionTable({ cameras, rows, estimatedDays, disabled, onManual, onAutomatic, onDays }: RetentionTableProps): ReactElement {
  const rowOf = new Map(rows.map((r) => [r.cameraId, r]));
  const anyMotionOnly = cameras.some((c) => c.isMotionOnly);
  return (
    <>
      <table className="data-table retention-table" aria-label={t('retention.tableLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('retention.camera')}</th>
            <th scope="col">{t('retention.estimated')}</th>
            <th scope="col">{t('retention.desired')}</th>
          </tr>
        </thead>
        <tbody>
          {cameras.map((camera) => {
            const row = rowOf.get(camera.cameraId);
            if (!row) return null;
            const error = rowError(row);
            const errorId = `retention-error-${camera.cameraId}`;
            const days = estimatedDays.get(camera.cameraId) ?? 0;
            return (
              <tr key={camera.cameraId} data-testid={`retention-row-${camera.cameraId}`}>
                <td className="strong">
                  {camera.cameraName}
                  {camera.isMotionOnly && (
                    <sup className="motion-mark" title={t('retention.motionOnlyMark')} aria-label={t('retention.motionOnlyMark')}>
                      *
                    </sup>
                  )}
                </td>
                <td data-testid="estimated-days">
                  {camera.bytesEstimatedPerDay > 0 || (row.mode === 'manual' && !error) ? (
                    t('retention.daysFigure', { days: formatDays(Number.isFinite(days) ? days : 0) })
                  ) : (
                    <span className="muted" title={t('retention.noEstimate')}>
                      —
                    </span>
                  )}
                </td>
                <td className="desired-cell">
                  {row.mode === 'automatic' ? (
                    <button
                      type="button"
                      className="btn automatic-button"
                      disabled={disabled}
                      aria-label={t('retention.automaticFor', { camera: camera.cameraName })}
                      onClick={() => onManual(camera.cameraId)}
                    >
                      {t('retention.automatic')}
                    </button>
                  ) : (
                    <div className={error ? 'manual-days field-invalid' : 'manual-days'}>
                      <input
                        type="number"
                        className="input days-input"
                        min={0}
                        max={10000}
                        step="any"
                        required
                        inputMode="decimal"
                        value={row.daysText}
                        disabled={disabled}
                        aria-label={t('retention.manualDays', { camera: camera.cameraName })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        onChange={(e) => onDays(camera.cameraId, e.target.value)}
                      />
                      <span className="muted">{t('retention.daysUnit')}</span>
                      <button
                        type="button"
                        className="icon-button"
                        disabled={disabled}
                        aria-label={t('retention.backToAutomatic', { camera: camera.cameraName })}
                        title={t('retention.automatic')}
                        onClick={() => onAutomatic(camera.cameraId)}
                      >
                        <Icon name="close" size={16} />
                      </button>
                      {error && (
                        <span className="field-error" id={errorId} role="alert">
                          {t(`retention.errors.${error}`)}
                        </span>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {cameras.length === 0 && <p className="muted empty-note">{t('retention.noCameras')}</p>}
      {anyMotionOnly && (
        <p className="footnote" data-testid="motion-footnote">
          <sup>*</sup> {t('retention.motionOnlyFootnote')}
        </p>
      )}
    </>
  );
}
