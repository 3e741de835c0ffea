/** Archive listings (spec 7): what was recorded, for the timeline and the date picker ('playback' ability). */
import type { FastifyInstance } from 'fastify';
import type { ArchivesPerDayResponse, ArchivesResponse } from '../../shared/api';
import type { ArchiveQueries, ArchivesQuery, PerDayQuery } from './archive-queries';

export interface ArchiveRoutesDeps {
  archiveQueries: ArchiveQueries;
}

const listQuery = {
  type: 'object',
  properties: {
    streamId: { type: 'string', maxLength: 64 },
    take: { type: 'integer', minimum: 1 },
    start: { type: 'number', minimum: 0 },
  },
} as const;

const perDayQuery = {
  type: 'object',
  properties: {
    ids: { anyOf: [{ type: 'string', maxLength: 20_000 }, { type: 'array', maxItems: 256, items: { type: 'string', maxLength: 64 } }] },
    start: { type: 'number', minimum: 0 },
    stop: { type: 'number', minimum: 0 },
  },
} as const;

export async function archiveRoutes(app: FastifyInstance, deps: ArchiveRoutesDeps): Promise<void> {
  app.get<{ Querystring: ArchivesQuery }>('/service/archives', { config: { access: 'playback' }, schema: { querystring: listQuery } }, async (request): Promise<ArchivesResponse> => {
    return { data: { archives: deps.archiveQueries.list(request.query) } };
  });

  app.get<{ Querystring: PerDayQuery }>(
    '/service/archives/per-day',
    { config: { access: 'playback' }, schema: { querystring: perDayQuery } },
    async (request): Promise<ArchivesPerDayResponse> => {
      return deps.archiveQueries.perDay(request.query);
    },
  );
}
