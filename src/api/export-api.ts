/**
 * Export calls (spec 7): HEAD /service/streams/{id}/export?start&stop as a
 * test that archives exist (with the bearer token, like every same-host
 * call), and the address of the GET a new window opens. A window carries no
 * Authorization header and a session token never sits in a URL, so the GET
 * address holds a short-lived export ticket for the one stream (POST
 * /service/tickets), asked for just before the window opens.
 */
import type { ExportFormat, TicketResponse } from '../../server/shared/api';
import { http } from './http';
import { withQuery } from './request-url';

export interface ExportRequest {
  streamId: string;
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
  check: (request: ExportRequest) => http.head(exportPath(request.streamId), { query: rangeQuery(request) }),

  /** The download's address, with a fresh export ticket for the stream. */
  downloadUrl: async (request: ExportRequest): Promise<string> => {
    const { ticket } = await http.post<TicketResponse>('/service/tickets', { scope: 'export', resource: request.streamId });
    return withQuery(exportPath(request.streamId), { ...rangeQuery(request), ticket });
  },
};
