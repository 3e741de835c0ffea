/**
 * System report (spec 2): server events chart, stream statistics and log export. Administrators and Managers, single-server mode.
 * Route and guard are real; the log export card is built (report/log-export-card.tsx). The events
 * chart, the selected events table and the stream statistics are a later issue's: the card below says so.
 */
import type { ReactElement } from 'react';
import { PageFrame } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';
import { LogExportCard } from './report/log-export-card';

export function SystemReportView(): ReactElement {
  return (
    <PageFrame title={t('screens.systemReport.title')} subtitle={t('screens.systemReport.purpose')}>
      <div className="report-layout">
        <div className="card pending-card" data-testid="report-pending">
          <p className="muted">{t('report.pending')}</p>
        </div>
        <LogExportCard />
      </div>
    </PageFrame>
  );
}
