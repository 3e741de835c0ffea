/** The System report call (spec 7): GET /service/server/report for [start, stop) in epoch ms. */
import type { ServerReport, ServerReportQuery } from '../../server/shared/api';
import { http } from './http';

export const reportApi = {
  report: (query: ServerReportQuery) => http.get<ServerReport>('/service/server/report', { query: { ...query }, queue: 'user' }),
};
