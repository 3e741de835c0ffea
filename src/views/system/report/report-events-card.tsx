/**
 * The System report's events card (spec 2, 8, 9): the events chart with
 * Zoom in (to the selected span, which must be over 60 s, else the alert
 * 'Cannot zoom in further.'), Reset zoom and Clear selection, then the
 * selected events table (What, Where, When): the selected span's events, or
 * all the chart shows when nothing is selected. Zoom and selection rules
 * are core/report/report-zoom.ts. The parent gives each loaded report a new
 * key, so a new report starts unzoomed.
 */
import { useMemo, useState, type ReactElement } from 'react';
import type { TimeSpan } from '../../../core/report/event-buckets';
import { formatEventTime } from '../../../core/report/report-format';
import { eventsBetween, type ReportEventRow } from '../../../core/report/report-rows';
import { canZoomIn, initialZoom, isZoomed, listedSpan, resetZoom, select, zoomIn, type ZoomError } from '../../../core/report/report-zoom';
import { Notice } from '../../../components/ui/notice';
import { t } from '../../../i18n/translate';
import { EventsChart } from './events-chart';

/** Rows the table draws at most; a year of events is narrowed by selecting. */
const MAX_TABLE_ROWS = 500;

interface ReportEventsCardProps {
  span: TimeSpan;
  rows: readonly ReportEventRow[];
}

export function ReportEventsCard({ span, rows }: ReportEventsCardProps): ReactElement {
  const [zoom, setZoom] = useState(() => initialZoom(span));
  const [zoomError, setZoomError] = useState<ZoomError | null>(null);
  const listed = listedSpan(zoom);
  const listedRows = useMemo(() => eventsBetween(rows, listed.startMs, listed.stopMs), [rows, listed.startMs, listed.stopMs]);
  const drawn = listedRows.slice(0, MAX_TABLE_ROWS);

  const onZoomIn = () => {
    const result = zoomIn(zoom);
    setZoom(result.state);
    setZoomError(result.error);
  };

  return (
    <section className="card report-events-card" aria-labelledby="report-events-title">
      <h2 className="card-title" id="report-events-title">
        {t('report.chart.title')}
      </h2>
      <div className="events-chart-bar">
        <p className="muted events-chart-range" aria-live="polite">
          {zoom.selection
            ? t('report.chart.selected', { start: formatEventTime(zoom.selection.startMs), stop: formatEventTime(zoom.selection.stopMs) })
            : t('report.chart.showing', { start: formatEventTime(zoom.view.startMs), stop: formatEventTime(zoom.view.stopMs) })}
        </p>
        <div className="events-chart-legend" aria-hidden="true">
          <span className="legend-orchid">{t('report.chart.legendServer')}</span>
          <span className="legend-stream">{t('report.chart.legendStream')}</span>
        </div>
      </div>
      <EventsChart
        view={zoom.view}
        rows={rows}
        selection={zoom.selection}
        onSelect={(selection) => {
          setZoom(select(zoom, selection));
          setZoomError(null);
        }}
      />
      <p className="muted events-chart-hint">{t('report.chart.hint')}</p>
      {zoomError && <Notice kind="error">{t(`report.${zoomError}`)}</Notice>}
      <div className="events-chart-actions">
        <button type="button" className="btn" disabled={!canZoomIn(zoom)} onClick={onZoomIn}>
          {t('report.chart.zoomIn')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={!isZoomed(zoom)}
          onClick={() => {
            setZoom(resetZoom(zoom));
            setZoomError(null);
          }}
        >
          {t('report.chart.resetZoom')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={!zoom.selection}
          onClick={() => {
            setZoom(select(zoom, null));
            setZoomError(null);
          }}
        >
          {t('report.chart.clearSelection')}
        </button>
      </div>

      <h3 className="report-subtitle" id="report-selected-title">
        {t('report.events.title')} <span className="muted">({t('report.events.count', { count: listedRows.length })})</span>
      </h3>
      {listedRows.length > MAX_TABLE_ROWS && (
        <Notice kind="info">{t('report.events.capped', { shown: MAX_TABLE_ROWS, count: listedRows.length })}</Notice>
      )}
      {listedRows.length === 0 ? (
        <p className="muted">{t('report.events.none')}</p>
      ) : (
        <div className="report-table-scroll">
          <table className="data-table report-events-table" aria-labelledby="report-selected-title">
            <thead>
              <tr>
                <th scope="col">{t('report.events.what')}</th>
                <th scope="col">{t('report.events.where')}</th>
                <th scope="col">{t('report.events.when')}</th>
              </tr>
            </thead>
            <tbody>
              {drawn.map((row, index) => (
                <tr key={`${row.when}-${index}`} className={`event-${row.source}`}>
                  <td>{row.what}</td>
                  <td>{row.descriptiveWhere}</td>
                  <td className="report-when">{formatEventTime(row.when)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
