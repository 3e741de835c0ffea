/**
 * Loads the System report of a range (GET /service/server/report). The
 * last report stays shown while the next one loads; an answer that arrives
 * after a newer request, or after the screen closed, is dropped. `loadCount`
 * changes with each new report, so the chart can start again from it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerReport } from '../../../../server/shared/api';
import { describeApiError } from '../../../api/error-message';
import { reportApi } from '../../../api/report-api';
import type { TimeSpan } from '../../../core/report/event-buckets';

export interface LoadedReport {
  span: TimeSpan;
  report: ServerReport;
  loadCount: number;
}

export interface ServerReportState {
  loaded: LoadedReport | null;
  loading: boolean;
  /** The server's reason, or the unexpected-error text. */
  error: string | null;
  load: (query: { start: number; stop: number }) => void;
}

export function useServerReport(): ServerReportState {
  const [loaded, setLoaded] = useState<LoadedReport | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  useEffect(
    () => () => {
      // Nothing answers into a closed screen.
      latest.current = -1;
    },
    [],
  );

  const load = useCallback((query: { start: number; stop: number }) => {
    const id = ++latest.current;
    setLoading(true);
    setError(null);
    reportApi.report(query).then(
      (report) => {
        if (id !== latest.current) return;
        setLoaded({ span: { startMs: query.start, stopMs: query.stop }, report, loadCount: id });
        setLoading(false);
      },
      (failure: unknown) => {
        if (id !== latest.current) return;
        setError(describeApiError(failure));
        setLoading(false);
      },
    );
  }, []);

  return { loaded, loading, error, load };
}
