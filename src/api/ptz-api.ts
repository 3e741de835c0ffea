/**
 * PTZ of a camera (spec 7): POST /service/cameras/{id}/position moves it
 * ({ x, y, z, type }, 204); its presets under .../position/presets: GET
 * lists them with the camera's maximum, POST { name } saves the current
 * view as a new one (201, the preset), PATCH /{token} { name } renames,
 * DELETE /{token} removes, and POST /{token} with no body goes to one (204).
 * Failures arrive as HttpError with the recorder's code and reason
 * (errorCreatingPreset for a refused create, rename or delete).
 */
import type { PtzMoveRequest, PtzPreset, PtzPresetsResponse } from '../../server/shared/api';
import { http } from './http';

const positionPath = (cameraId: string) => `/service/cameras/${encodeURIComponent(cameraId)}/position`;
const presetPath = (cameraId: string, token: string) => `${positionPath(cameraId)}/presets/${encodeURIComponent(token)}`;

export const ptzApi = {
  move: (cameraId: string, move: PtzMoveRequest) => http.post<void>(positionPath(cameraId), move),

  presets: (cameraId: string) => http.get<PtzPresetsResponse>(`${positionPath(cameraId)}/presets`),

  createPreset: (cameraId: string, name: string) => http.post<PtzPreset>(`${positionPath(cameraId)}/presets`, { name }),

  renamePreset: (cameraId: string, token: string, name: string) => http.patch<PtzPreset>(presetPath(cameraId, token), { name }),

  deletePreset: (cameraId: string, token: string) => http.delete(presetPath(cameraId, token)),

  gotoPreset: (cameraId: string, token: string) => http.post<void>(presetPath(cameraId, token), undefined),
};
