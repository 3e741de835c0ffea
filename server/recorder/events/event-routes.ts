/**
 * Motion events (spec 7): GET /service/events/camera-stream/histogram
 * (eventType, id, start, stop, minSegment) for the timeline and GET
 * /service/events/camera-stream (eventType, id, start, count, from_end)
 * for next/previous motion. 'playback' ability. Types come from the
 * schema (server/shared/api/events.ts); ranges and the event type are
 * checked in events/events-query.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { EventsHistogramResponse, MotionEventsResponse } from '../../shared/api';
import { EventListQuery, HistogramQuery } from '../../shared/api/events';
import type { EventsService } from './events-service';

export interface EventRoutesDeps {
  events: EventsService;
}

export async function eventRoutes(fastify: FastifyInstance, deps: EventRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/service/events/camera-stream/histogram',
    { config: { access: 'playback' }, schema: { querystring: HistogramQuery } },
    async (request): Promise<EventsHistogramResponse> => {
      return deps.events.histogram(request.query);
    },
  );

  app.get(
    '/service/events/camera-stream',
    { config: { access: 'playback' }, schema: { querystring: EventListQuery } },
    async (request): Promise<MotionEventsResponse> => {
      return deps.events.list(request.query);
    },
  );
}
