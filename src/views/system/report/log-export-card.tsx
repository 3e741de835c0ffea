/**
 * The System report's log export card (spec 2): format (gzip by default, or
 * text), range, from and to (today 00:00-23:59 when it opens). From later
 * than to shows 'from cannot be > to' and disables Export (spec 5). Export
 * opens GET /service/log in a new window with a short-lived log ticket.
 * Rules and defaults live in core/system/log-export.ts.
 */
import { useState, type ReactElement } from 'react';
import type { LogExportFormat } from '../../../../server/shared/api';
import { logApi } from '../../../api/log-api';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import {
  defaultLogExport,
  LOG_FORMATS,
  LOG_RANGES,
  logExportError,
  logExportQuery,
  withRange,
  type LogExportOptions,
  type LogRange,
} from '../../../core/system/log-export';
import { t } from '../../../i18n/translate';
import './report.css';

type Outcome = 'failed' | 'blocked' | null;

function openInNewWindow(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  // The download needs nothing from this page; cut the back reference (noopener would hide whether it opened).
  opened.opener = null;
  return true;
}

export function LogExportCard(): ReactElement {
  const [options, setOptions] = useState<LogExportOptions>(() => defaultLogExport(new Date()));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const error = logExportError(options);
  const errorText = error === 'from-after-to' ? t('report.log.fromAfterTo') : error === 'missing-time' ? t('report.log.missingTime') : undefined;

  const exportLog = async () => {
    if (error) return;
    setBusy(true);
    setOutcome(null);
    try {
      const url = await logApi.downloadUrl(logExportQuery(options));
      if (!openInNewWindow(url)) setOutcome('blocked');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card log-export-card" aria-labelledby="log-export-title">
      <h2 className="card-title" id="log-export-title">
        {t('report.log.title')}
      </h2>
      <p className="muted">{t('report.log.hint')}</p>
      <div className="log-export-fields">
        <SelectField
          label={t('report.log.format')}
          value={options.format}
          options={LOG_FORMATS.map((format) => ({ value: format, label: t(`report.log.format.${format}`) }))}
          onChange={(event) => setOptions({ ...options, format: event.target.value as LogExportFormat })}
        />
        <SelectField
          label={t('report.log.range')}
          value={options.range}
          options={LOG_RANGES.map((range) => ({ value: range, label: t(`report.log.range.${range}`) }))}
          onChange={(event) => setOptions(withRange(options, event.target.value as LogRange, new Date()))}
        />
        <TextField
          label={t('report.log.from')}
          type="datetime-local"
          value={options.from}
          error={error === 'from-after-to' ? errorText : undefined}
          onChange={(event) => setOptions({ ...options, range: 'custom', from: event.target.value })}
        />
        <TextField
          label={t('report.log.to')}
          type="datetime-local"
          value={options.to}
          error={error === 'missing-time' ? errorText : undefined}
          onChange={(event) => setOptions({ ...options, range: 'custom', to: event.target.value })}
        />
      </div>
      {outcome && <Notice kind="error">{t(outcome === 'blocked' ? 'report.log.blocked' : 'report.log.failed')}</Notice>}
      <div className="log-export-actions">
        <button type="button" className="btn btn-primary" disabled={error !== null || busy} onClick={() => void exportLog()}>
          {t('report.log.export')}
        </button>
      </div>
    </section>
  );
}
