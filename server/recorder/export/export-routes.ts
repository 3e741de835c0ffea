/**
 * Export API (spec 7): HEAD and GET /service/streams/{id}/export?start=&stop=
 * [&format=mkv|mov][&ticket=]. Needs the 'export' ability. A download opened
 * in a new window carries no Authorization header, so it opens with an
 * export ticket for the one stream (POST /service/tickets) instead of a
 * session token or a long-lived JWT in the URL. GET streams the remuxed file
 * as an attachment; HEAD answers 200 or 404 'no archives in the region'.
 * Query values are taken as text and checked by the domain, so a bad time
 * gets a precise reason.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ExportQuery } from '../../shared/api/operations';
import { LongIdParams } from '../../shared/api/params';
import type { ExportService } from './export-service';

export interface ExportRoutesDeps {
  exports: ExportService;
}

const schema = { params: LongIdParams, querystring: ExportQuery };

const raw = (request: { params: LongIdParams; query: ExportQuery }) => ({
  streamId: request.params.id,
  start: request.query.start,
  stop: request.query.stop,
  format: request.query.format,
});

export async function exportRoutes(fastify: FastifyInstance, deps: ExportRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { access: 'export', ticket: { scope: 'export', param: 'id' } } as const;

  app.head(
    '/service/streams/:id/export',
    { config, schema },
    async (request, reply) => {
      deps.exports.check(raw(request));
      return reply.status(200).header('cache-control', 'no-store').send();
    },
  );

  app.get(
    '/service/streams/:id/export',
    { config, schema, exposeHeadRoute: false },
    async (request, reply) => {
      const download = await deps.exports.open(raw(request));
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', download.contentDisposition)
        .header('cache-control', 'no-store')
        .header('x-export-first-frame', String(download.firstFrameMs))
        .send(download.output);
    },
  );
}
