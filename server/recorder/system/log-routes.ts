/**
 * GET /service/log?format=gzip|text&from=&to=[&ticket=] (spec 2, 7): the
 * recorder's log as an attachment, for the System report's log export card.
 * System reports are for Managers and Administrators (spec 6: the
 * 'system-report' ability). The card opens it in a new window, which has no
 * Authorization header, so it carries a 'log' ticket instead of a session.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LOG_EXPORT_FORMATS, LogExportQuery } from '../../shared/api/log-export';
import type { RotatingLogFile } from '../core/log-file';
import { openLogExport } from './log-export';

export async function logRoutes(fastify: FastifyInstance, deps: { logFile: Pick<RotatingLogFile, 'files'> }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/service/log',
    {
      config: { access: 'system-report', ticket: { scope: 'log' } },
      schema: { querystring: LogExportQuery },
      // A HEAD would read the whole log for nothing.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      const download = openLogExport(deps.logFile.files(), { format: format ?? LOG_EXPORT_FORMATS[0], from, to });
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', download.contentDisposition)
        .header('cache-control', 'no-store')
        .send(download.body);
    },
  );
}
