/**
 * The dialog's camera list: one row per linked camera the user may export,
 * a button per format, "preparing" on a pair from the click until its
 * download window opens, and a pair's error (spec 8) under its row; the
 * failed pair's button stays disabled until the range changes. All buttons
 * are disabled while the range is invalid.
 */
import type { ReactElement } from 'react';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { pairDisabled, pairKey, type ExportChoice, type ExportTarget } from '../../../core/export/export-targets';
import { t, type MessageKey } from '../../../i18n/translate';
import type { ExportFailure, ExportPair } from '../../../state/export.store';

const FAILURE_TEXT: Record<ExportFailure, MessageKey> = {
  'no-archives': 'export.noArchives',
  failed: 'export.failed',
  'window-blocked': 'export.windowBlocked',
};

const FORMAT_TEXT: Record<ExportChoice, MessageKey> = {
  mkv: 'export.format.mkv',
  mov: 'export.format.mov',
  'html-dewarp': 'export.format.html-dewarp',
};

export interface ExportCameraRowsProps {
  targets: readonly ExportTarget[];
  pairs: Readonly<Record<string, ExportPair>>;
  rangeInvalid: boolean;
  onExport(target: ExportTarget, choice: ExportChoice): void;
}

export function ExportCameraRows({ targets, pairs, rangeInvalid, onExport }: ExportCameraRowsProps): ReactElement {
  if (targets.length === 0) return <p className="export-empty muted">{t('export.noCameras')}</p>;
  return (
    <ul className="export-cameras" aria-label={t('export.cameras')}>
      {targets.map((target) => {
        const failures = target.choices.flatMap((choice) => {
          const pair = pairs[pairKey(target.cameraId, choice)];
          return pair?.status === 'failed' ? [{ choice, failure: pair.failure }] : [];
        });
        return (
          <li key={target.cameraId} className="export-camera" aria-label={target.cameraName}>
            <span className="export-camera-name" title={target.cameraName}>
              {target.cameraName}
            </span>
            <span className="export-formats">
              {target.choices.map((choice) => {
                const pair = pairs[pairKey(target.cameraId, choice)];
                const format = t(FORMAT_TEXT[choice]);
                return (
                  <button
                    key={choice}
                    type="button"
                    className="btn export-format"
                    aria-label={t('export.button', { camera: target.cameraName, format })}
                    aria-busy={pair?.status === 'preparing' || undefined}
                    disabled={pairDisabled(rangeInvalid, pair)}
                    onClick={() => onExport(target, choice)}
                  >
                    {pair?.status === 'preparing' ? <Spinner label={t('export.preparing', { format })} /> : format}
                  </button>
                );
              })}
            </span>
            {failures.length > 0 && (
              <div className="export-camera-errors">
                <Notice kind="error">
                  {failures.map(({ choice, failure }) => (
                    <div key={choice}>{t('export.pairError', { format: t(FORMAT_TEXT[choice]), message: t(FAILURE_TEXT[failure]) })}</div>
                  ))}
                </Notice>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
