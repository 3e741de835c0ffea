/**
 * System report (spec 2): a range (the last 24 hours when it opens), the
 * server events chart with the selected events table, the per-stream
 * recording statistics of the range, and the log export card.
 * Administrators and Managers, single-server mode.
 *
 * The report loads once when the screen opens and again on Load/Refresh;
 * the last report stays shown while the next loads, and a failure shows
 * the server's reason (else the unexpected-error message) above it.
 */
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { defaultReportRange, reportQuery, reportRangeError, type ReportRange } from '../../core/report/report-range';
import { reportEventRows, streamStatRows, type EventWording } from '../../core/report/report-rows';
import { t } from '../../i18n/translate';
import { LogExportCard } from './report/log-export-card';
import { ReportEventsCard } from './report/report-events-card';
import { ReportRangeCard } from './report/report-range-card';
import { StreamStatsCard } from './report/stream-stats-table';
import { useServerReport } from './report/use-server-report';

/** The catalogue's text of an event type; a type it does not know shows the server's message. */
const WORDING: EventWording = {
  what: (type) => {
    const key = `report.event.${type}`;
    return t.has(key) ? t(key) : null;
  },
  server: t('report.events.server'),
};

export function SystemReportView(): ReactElement {
  const [range, setRange] = useState<ReportRange>(() => defaultReportRange(new Date()));
  const { loaded, loading, error, load } = useServerReport();
  const eventRows = useMemo(() => (loaded ? reportEventRows(loaded.report, WORDING) : []), [loaded]);
  const statRows = useMemo(() => (loaded ? streamStatRows(loaded.report) : []), [loaded]);

  const loadRange = (shown: ReportRange) => {
    if (reportRangeError(shown) === null) load(reportQuery(shown));
  };

  useEffect(() => {
    loadRange(defaultReportRange(new Date()));
    // Once, when the screen opens; later loads are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <PageFrame title={t('screens.systemReport.title')} subtitle={t('screens.systemReport.purpose')} width="wide">
      <div className="report-layout">
        <ReportRangeCard range={range} onChange={setRange} onLoad={() => loadRange(range)} loading={loading} loadedOnce={loaded !== null} />
        {error && <Notice kind="error">{error}</Notice>}
        {loading && !loaded && <Spinner label={t('common.loading')} size="large" />}
        {loaded && (
          <div className="report-results" aria-busy={loading || undefined}>
            <ReportEventsCard key={loaded.loadCount} span={loaded.span} rows={eventRows} />
            <StreamStatsCard rows={statRows} />
          </div>
        )}
        <LogExportCard />
      </div>
    </PageFrame>
  );
}
