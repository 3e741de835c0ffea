/**
 * Streams API (spec 7): a camera's streams are added, replaced (PUT), edited
 * (PATCH) and deleted by Administrators; stream details and states are read
 * with the 'live' ability. `?live=true` limits lists to streams of cameras
 * that are not defunct. System status's Restart and Verify (spec 2, 3) are
 * for Managers and Administrators (both have 'system-report').
 */
import type { FastifyInstance } from 'fastify';
import type { StreamRequest, StreamsResponse, StreamStatus, StreamStatusesResponse, StreamVerifyResult } from '../../shared/api';
import type { CamerasService } from './cameras';
import type { StreamStatusService } from './stream-status';
import { IdParams } from '../../shared/api/params';
import { viewerOf } from './camera-routes';

export interface StreamRoutesDeps {
  cameras: CamerasService;
  streamStatus: StreamStatusService;
}

const text = (maxLength: number) => ({ type: 'string', maxLength });
const numberOrText = { type: ['number', 'string'], maxLength: 64 };

const streamParams = {
  type: 'object',
  required: ['id', 'streamId'],
  properties: { id: text(64), streamId: text(64) },
} as const;

const liveQuery = { type: 'object', properties: { live: { type: 'boolean' } } } as const;

const configurationSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    Video: {
      type: 'object',
      additionalProperties: false,
      properties: {
        Resolution: text(32),
        FrameRate: numberOrText,
        Encoder: text(32),
        GOVLength: numberOrText,
        Quality: numberOrText,
        BitRate: numberOrText,
        EncoderInterval: numberOrText,
        Profile: text(32),
      },
    },
    Audio: {
      type: 'object',
      maxProperties: 16,
      additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 256 },
    },
    General: { type: 'object', additionalProperties: false, properties: { Path: text(1024) } },
    Options: { type: 'object', maxProperties: 32, additionalProperties: text(256) },
    Fixed: { type: 'string', enum: ['true', 'false'] },
  },
} as const;

const recordingConfigurationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mode'],
  properties: {
    mode: { type: 'string', enum: ['ALL_FEATURES_MODE', 'EMBEDDED_LITE_MODE', 'PROXY_ONLY_MODE'] },
    motionReducer: { type: 'boolean' },
    filesplit: {
      type: 'object',
      additionalProperties: false,
      properties: { motionMode: { type: 'integer' }, recordState: { type: 'boolean' } },
    },
    bgseg: {
      type: 'object',
      additionalProperties: false,
      properties: {
        boxArea: { type: 'number' },
        motionMask: { type: 'object', additionalProperties: false, required: ['href'], properties: { href: text(1024) } },
      },
    },
    decode: { type: 'object', additionalProperties: false, properties: { keyFramesOnly: { type: 'boolean' } } },
  },
} as const;

const dewarpSchema = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        enable: { type: 'boolean' },
        defaultMode: { type: 'string', enum: ['perspective', 'panorama'] },
        orientation: { type: 'string', enum: ['ceiling', 'floor', 'wall'] },
        perspectiveDepth: { type: 'number', minimum: 0.1, maximum: 9 },
        defaultPerspectiveView: {
          type: 'object',
          additionalProperties: false,
          required: ['pan', 'tilt', 'zoom'],
          properties: { pan: { type: 'number' }, tilt: { type: 'number' }, zoom: { type: 'number', minimum: 0.1, maximum: 10 } },
        },
        panoramaAspectRatio: { type: 'number', minimum: 0, maximum: 10 },
        panoramaShift: { type: 'number', minimum: -180, maximum: 180 },
      },
    },
  ],
} as const;

const streamBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: text(64),
    name: text(1024),
    configuration: configurationSchema,
    recordingStyle: {
      type: 'string',
      enum: ['continuous-motion-adaptive', 'continuous-motion', 'continuous', 'motion-only', 'proxy-only'],
    },
    recordingConfiguration: recordingConfigurationSchema,
    dewarpConfiguration: dewarpSchema,
  },
} as const;

type StreamParams = { id: string; streamId: string };

export async function streamRoutes(app: FastifyInstance, deps: StreamRoutesDeps): Promise<void> {
  app.post<{ Params: { id: string }; Body: StreamRequest }>(
    '/service/cameras/:id/streams',
    { config: { access: 'configure-cameras' }, schema: { params: IdParams, body: streamBody } },
    async (request, reply) => {
      const stream = await deps.cameras.addStream(request.params.id, request.body, viewerOf(request));
      return reply.status(201).send(stream);
    },
  );

  app.put<{ Params: StreamParams; Body: StreamRequest }>(
    '/service/cameras/:id/streams/:streamId',
    { config: { access: 'configure-cameras' }, schema: { params: streamParams, body: streamBody } },
    async (request) =>
      deps.cameras.changeStream(request.params.id, request.params.streamId, request.body, true, viewerOf(request)),
  );

  app.patch<{ Params: StreamParams; Body: StreamRequest }>(
    '/service/cameras/:id/streams/:streamId',
    { config: { access: 'configure-cameras' }, schema: { params: streamParams, body: streamBody } },
    async (request) =>
      deps.cameras.changeStream(request.params.id, request.params.streamId, request.body, false, viewerOf(request)),
  );

  app.delete<{ Params: StreamParams }>('/service/cameras/:id/streams/:streamId', { config: { access: 'configure-cameras' }, schema: { params: streamParams } }, async (request, reply) => {
    await deps.cameras.deleteStream(request.params.id, request.params.streamId);
    return reply.status(204).send();
  });

  app.get<{ Querystring: { live?: boolean } }>('/service/streams', { config: { access: 'live' }, schema: { querystring: liveQuery } }, async (request): Promise<StreamsResponse> => {
    return { data: { streams: deps.cameras.listStreams(viewerOf(request), request.query.live === true) } };
  });

  app.get<{ Querystring: { live?: boolean } }>(
    '/service/streams/status',
    { config: { access: 'live' }, schema: { querystring: liveQuery } },
    async (request): Promise<StreamStatusesResponse> => {
      return { data: { streams: deps.streamStatus.statuses(request.query.live === true) } };
    },
  );

  app.get<{ Params: { id: string } }>('/service/streams/:id', { config: { access: 'live' }, schema: { params: IdParams } }, async (request) =>
    deps.cameras.getStream(request.params.id, viewerOf(request)),
  );

  app.get<{ Params: { id: string } }>('/service/streams/:id/status', { config: { access: 'live' }, schema: { params: IdParams } }, async (request): Promise<StreamStatus> => {
    return deps.streamStatus.status(request.params.id);
  });

  app.post<{ Params: { id: string } }>('/service/streams/:id/restart', { config: { access: 'system-report' }, schema: { params: IdParams } }, async (request): Promise<StreamStatus> => {
    return deps.streamStatus.restart(request.params.id);
  });

  app.get<{ Params: { id: string } }>(
    '/service/streams/:id/verify',
    { config: { access: 'system-report' }, schema: { params: IdParams } },
    async (request): Promise<StreamVerifyResult> => {
      return deps.streamStatus.verify(request.params.id);
    },
  );
}
