/**
 * The log export (spec 7, GET /service/log): the address a new window opens.
 * A window has no Authorization header and a session token never sits in a
 * URL, so the address holds a short-lived 'log' ticket (POST
 * /service/tickets), asked for just before the window opens, as the video
 * export does.
 */
import type { LogExportFormat, TicketResponse } from '../../server/shared/api';
import { http } from './http';
import { withQuery } from './request-url';

export const logApi = {
  downloadUrl: async (query: { format: LogExportFormat; from: number; to: number }): Promise<string> => {
    const { ticket } = await http.post<TicketResponse>('/service/tickets', { scope: 'log' });
    return withQuery('/service/log', { ...query, ticket });
  },
};
