/**
 * The stream settings the motion and dewarp dialogs change (spec 7): PATCH
 * /service/cameras/{id}/streams/{streamId} with a recording configuration
 * (object size, bgseg.boxArea) or a dewarpConfiguration, and the motion
 * mask picture: GET of bgseg.motionMask.href, PUT of the PNG itself as the
 * body, DELETE. The recorder answers the changed stream, or the mask's href.
 */
import type { MotionMaskResponse, RecordingConfiguration, Stream, StreamDewarpConfiguration } from '../../server/shared/api';
import { http } from './http';

const streamPath = (cameraId: string, streamId: string) =>
  `/service/cameras/${encodeURIComponent(cameraId)}/streams/${encodeURIComponent(streamId)}`;

export const streamSettingsApi = {
  /** The stream as stored now (GET /service/streams/{id}): the dialogs start from it, not from a list read earlier. */
  stream: (streamId: string) => http.get<Stream>(`/service/streams/${encodeURIComponent(streamId)}`),

  saveRecordingConfiguration: (cameraId: string, streamId: string, recordingConfiguration: RecordingConfiguration) =>
    http.patch<Stream>(streamPath(cameraId, streamId), { id: streamId, recordingConfiguration }),

  saveDewarpConfiguration: (cameraId: string, streamId: string, dewarpConfiguration: StreamDewarpConfiguration) =>
    http.patch<Stream>(streamPath(cameraId, streamId), { id: streamId, dewarpConfiguration }),

  /** The stored mask picture (PNG or JPEG) at its href, with the bearer token like every same-host call. */
  motionMask: (href: string) => http.getBlob(href),

  putMotionMask: (cameraId: string, streamId: string, png: Blob) =>
    http.put<MotionMaskResponse>(`${streamPath(cameraId, streamId)}/motion/mask`, png),

  deleteMotionMask: (cameraId: string, streamId: string) => http.delete(`${streamPath(cameraId, streamId)}/motion/mask`),
};
