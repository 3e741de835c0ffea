/** Archive listings (spec 7): what was recorded, for the timeline and the date picker ('playback' ability). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ArchivesPerDayResponse, ArchivesResponse } from '../../shared/api';
import { ArchivesQuery, PerDayQuery } from '../../shared/api/cameras';
import type { ArchiveQueries } from './archive-queries';

export interface ArchiveRoutesDeps {
  archiveQueries: ArchiveQueries;
}

export async function archiveRoutes(fastify: FastifyInstance, deps: ArchiveRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/service/archives', { config: { access: 'playback' }, schema: { querystring: ArchivesQuery } }, async (request): Promise<ArchivesResponse> => {
    return { data: { archives: deps.archiveQueries.list(request.query) } };
  });

  app.get(
    '/service/archives/per-day',
    { config: { access: 'playback' }, schema: { querystring: PerDayQuery } },
    async (request): Promise<ArchivesPerDayResponse> => {
      return deps.archiveQueries.perDay(request.query);
    },
  );
}
