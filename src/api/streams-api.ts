/**
 * A camera's streams on the serving recorder (spec 7): add (POST), edit
 * (PATCH, which merges), delete, the camera's primary stream (PATCH of the
 * camera), and the system-status actions the stream list offers too:
 * status, restart and verify. Every failure is an HttpError.
 */
import type { Camera, Stream, StreamRequest, StreamStatus, StreamStatusesResponse, StreamVerifyResult } from '../../server/shared/api';
import { http } from './http';

const camera = (cameraId: string) => `/service/cameras/${encodeURIComponent(cameraId)}`;
const stream = (streamId: string) => `/service/streams/${encodeURIComponent(streamId)}`;

export const streamsApi = {
  add: (cameraId: string, body: StreamRequest) => http.post<Stream>(`${camera(cameraId)}/streams`, body),
  update: (cameraId: string, streamId: string, body: StreamRequest) =>
    http.patch<Stream>(`${camera(cameraId)}/streams/${encodeURIComponent(streamId)}`, body),
  remove: (cameraId: string, streamId: string) => http.delete(`${camera(cameraId)}/streams/${encodeURIComponent(streamId)}`),
  /** Makes a stream the camera's primary one (PATCH /service/cameras/{id} with primaryStream.id). */
  makePrimary: (cameraId: string, streamId: string) => http.patch<Camera>(camera(cameraId), { primaryStream: { id: streamId } }),
  get: (streamId: string) => http.get<Stream>(stream(streamId)),
  /** The status of every stream of a camera that is not defunct (GET /service/streams/status?live). */
  liveStatuses: async (): Promise<StreamStatus[]> =>
    (await http.get<StreamStatusesResponse>('/service/streams/status', { query: { live: true }, queue: 'user' })).data.streams,
  status: (streamId: string) => http.get<StreamStatus>(`${stream(streamId)}/status`),
  /** Restarts the stream's ingest; answers its status, 'restarting'. */
  restart: (streamId: string) => http.post<StreamStatus>(`${stream(streamId)}/restart`, undefined),
  verify: (streamId: string) => http.get<StreamVerifyResult>(`${stream(streamId)}/verify`),
};
