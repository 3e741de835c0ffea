/**
 * Export calls (spec 7): HEAD /service/streams/{id}/export?start&stop as a
 * test that archives exist (with the bearer token, like every same-host
 * call), and the address of the GET a new window opens. A window carries no
 * Authorization header and a session token never sits in a URL, so the GET
 * address holds a short-lived export ticket for the one stream (POST
 * /service/tickets), asked for just before the window opens.
 *
 * Multi-server mode: the stream's server makes the export, reached through
 * the aggregator's proxy (server-scope.ts); the window's GET goes through the
 * proxy too, let through by the aggregator on the strength of the
 * recorder's ticket, which the recorder checks.
 */
import type { ExportFormat, TicketResponse } from '../../server/shared/api';
import { http } from './http';
import { withQuery } from './request-url';
import { scopedPath } from './server-scope';

export interface ExportRequest {
  streamId: string;
  /** The stream's server (its camera's orchidId). */
  server?: string;
  /** Epoch ms on the server's clock. */
  startMs: number;
  stopMs: number;
  format: ExportFormat;
}

const exportPath = (streamId: string) => `/service/streams/${encodeURIComponent(streamId)}/export`;

const rangeQuery = (request: ExportRequest) => ({
  start: Math.round(request.startMs),
  stop: Math.round(request.stopMs),
  format: request.format,
});

export const exportApi = {
  /** Resolves when the recorder has archives in the range; rejects with an HttpError (404: none there). */
  check: (request: ExportRequest) => http.head(exportPath(request.streamId), { query: rangeQuery(request), server: request.server }),

  /** The download's address, with a fresh export ticket for the stream. */
  downloadUrl: async (request: ExportRequest): Promise<string> => {
    const { ticket } = await http.post<TicketResponse>('/service/tickets', { scope: 'export', resource: request.streamId }, { server: request.server });
    return withQuery(scopedPath(exportPath(request.streamId), request.server), { ...rangeQuery(request), ticket });
  },
};
