/**
 * Update client (spec 6, 7: POST /service/ui with a zip body): administrators
 * replace the web client the recorder serves, and can go back to the one
 * before. Access 'update-client' (Administrator only).
 *
 *   GET  /service/ui           which client is served, and whether there is one to go back to
 *   POST /service/ui           the raw .zip as the body (any content type but JSON or text:
 *                              application/zip, application/x-zip-compressed, application/octet-stream);
 *                              at most MAX_ARCHIVE_BYTES (413 above); checked by client-archive.ts,
 *                              then swapped in by client-deployment.ts
 *   POST /service/ui/rollback  serves the previous client again (409 'no-previous-client' if none)
 *
 * Errors are { code, reason }: 'no-file' (no body: the dialog's 'no file
 * specified'), 'invalid-archive' with the rule the archive broke. A refused
 * archive writes nothing, so the served client is unchanged.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ClientDeploymentResponse } from '../../shared/api/system';
import { badRequest } from '../../common/api-error';
import { MAX_ARCHIVE_BYTES, readClientArchive } from './client-archive';
import type { ClientDeployment } from './client-deployment';

const access = { access: 'update-client' } as const;
const response = { 200: ClientDeploymentResponse };

export async function clientUpdateRoutes(fastify: FastifyInstance, deps: { client: ClientDeployment }): Promise<void> {
  await fastify.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // Any body that is not JSON or text arrives as bytes, within this route's own limit.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_ARCHIVE_BYTES }, (_request, body, done) => done(null, body));

    scope.get('/service/ui', { config: access, schema: { response } }, async () => deps.client.state());

    scope.post(
      '/service/ui',
      {
        config: access,
        schema: { description: 'The body is the client as a .zip archive (index.html at its root).', response },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        if (!body || body.length === 0) throw badRequest('no file specified', 'no-file');
        const files = await readClientArchive(body);
        const state = await deps.client.install(files);
        request.log.info({ client: state.current, files: files.length }, 'served client replaced');
        return state;
      },
    );

    scope.post('/service/ui/rollback', { config: access, schema: { response } }, async (request) => {
      const state = await deps.client.rollback();
      request.log.info({ client: state.current }, 'served client rolled back');
      return state;
    });
  });
}
