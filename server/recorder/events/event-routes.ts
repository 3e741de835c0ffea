/**
 * Motion events (spec 7): GET /service/events/camera-stream/histogram
 * (eventType, id, start, stop, minSegment) for the timeline and GET
 * /service/events/camera-stream (eventType, id, start, count, from_end)
 * for next/previous motion. 'playback' ability. Types come from the
 * schema; ranges and the event type are checked in events/events-query.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { EventsHistogramResponse, MotionEventsResponse } from '../../shared/api';
import type { EventListQuery, HistogramQuery } from './events-query';
import type { EventsService } from './events-service';

export interface EventRoutesDeps {
  events: EventsService;
}

const common = {
  eventType: { type: 'string', maxLength: 32 },
  id: { type: 'string', maxLength: 64 },
  start: { type: 'number' },
} as const;

const histogramQuery = {
  type: 'object',
  required: ['eventType', 'id', 'start', 'stop'],
  properties: { ...common, stop: { type: 'number' }, minSegment: { type: 'number' } },
} as const;

const listQuery = {
  type: 'object',
  required: ['eventType', 'id', 'start'],
  properties: { ...common, count: { type: 'integer' }, from_end: { type: 'boolean' } },
} as const;

export async function eventRoutes(app: FastifyInstance, deps: EventRoutesDeps): Promise<void> {
  app.get<{ Querystring: HistogramQuery }>(
    '/service/events/camera-stream/histogram',
    { config: { access: 'playback' }, schema: { querystring: histogramQuery } },
    async (request): Promise<EventsHistogramResponse> => {
      return deps.events.histogram(request.query);
    },
  );

  app.get<{ Querystring: EventListQuery }>(
    '/service/events/camera-stream',
    { config: { access: 'playback' }, schema: { querystring: listQuery } },
    async (request): Promise<MotionEventsResponse> => {
      return deps.events.list(request.query);
    },
  );
}
