/**
 * The System report's range card (spec 2, 5): From and To (datetime-local,
 * the last 24 hours when the screen opens, see core/report/report-range.ts)
 * and Load, which reads Refresh once a report is shown. From later than To
 * shows 'from cannot be > to', the log export card's wording, and disables it.
 */
import type { ReactElement } from 'react';
import { TextField } from '../../../components/ui/form-field';
import { reportRangeError, type ReportRange } from '../../../core/report/report-range';
import { t } from '../../../i18n/translate';

interface ReportRangeCardProps {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
  onLoad: () => void;
  loading: boolean;
  loadedOnce: boolean;
}

const ERROR_TEXT = {
  'missing-time': 'report.range.missingTime',
  'from-after-to': 'report.range.fromAfterTo',
  'too-long': 'report.range.tooLong',
} as const;

export function ReportRangeCard({ range, onChange, onLoad, loading, loadedOnce }: ReportRangeCardProps): ReactElement {
  const error = reportRangeError(range);
  const errorText = error ? t(ERROR_TEXT[error]) : undefined;
  return (
    <section className="card report-range-card" aria-labelledby="report-range-title">
      <h2 className="card-title" id="report-range-title">
        {t('report.range.title')}
      </h2>
      <p className="muted">{t('report.range.hint')}</p>
      <form
        className="report-range-fields"
        onSubmit={(event) => {
          event.preventDefault();
          if (!error) onLoad();
        }}
      >
        <TextField
          label={t('report.range.from')}
          type="datetime-local"
          value={range.from}
          error={error === 'from-after-to' || error === 'too-long' ? errorText : undefined}
          onChange={(event) => onChange({ ...range, from: event.target.value })}
        />
        <TextField
          label={t('report.range.to')}
          type="datetime-local"
          value={range.to}
          error={error === 'missing-time' ? errorText : undefined}
          onChange={(event) => onChange({ ...range, to: event.target.value })}
        />
        <div className="report-range-actions">
          <button type="submit" className="btn btn-primary" disabled={error !== null || loading} aria-busy={loading || undefined}>
            {t(loadedOnce ? 'report.refresh' : 'report.load')}
          </button>
        </div>
      </form>
    </section>
  );
}
