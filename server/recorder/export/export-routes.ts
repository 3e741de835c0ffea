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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExportService } from './export-service';

export interface ExportRoutesDeps {
  exports: ExportService;
}

interface ExportQuerystring {
  start?: string;
  stop?: string;
  format?: string;
  ticket?: string;
  cb?: string;
}

const text = { type: 'string', maxLength: 4096 } as const;
const schema = {
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 256 } } },
  querystring: {
    type: 'object',
    // Unknown query fields (e.g. the client's cache buster) are ignored, not refused.
    properties: { start: text, stop: text, format: text, ticket: text, cb: text },
  },
} as const;

type ExportRequest = FastifyRequest<{ Params: { id: string }; Querystring: ExportQuerystring }>;

const raw = (request: ExportRequest) => ({
  streamId: request.params.id,
  start: request.query.start,
  stop: request.query.stop,
  format: request.query.format,
});

export async function exportRoutes(app: FastifyInstance, deps: ExportRoutesDeps): Promise<void> {
  const config = { access: 'export', ticket: { scope: 'export', param: 'id' } } as const;

  app.head<{ Params: { id: string }; Querystring: ExportQuerystring }>(
    '/service/streams/:id/export',
    { config, schema },
    async (request, reply) => {
      deps.exports.check(raw(request));
      return reply.status(200).header('cache-control', 'no-store').send();
    },
  );

  app.get<{ Params: { id: string }; Querystring: ExportQuerystring }>(
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
