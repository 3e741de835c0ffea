/**
 * GET /service/server/report?start=&stop= (spec 2, 3, 7): the System report
 * of a range (server-report.ts). System reports are for Managers and
 * Administrators (spec 6: the 'system-report' ability).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ServerReportQuery } from '../../shared/api/report';
import { serverReport, type ServerReportDeps } from './server-report';

export async function reportRoutes(fastify: FastifyInstance, deps: ServerReportDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/service/server/report',
    { config: { access: 'system-report' }, schema: { querystring: ServerReportQuery } },
    async (request) => serverReport(deps, request.query),
  );
}
