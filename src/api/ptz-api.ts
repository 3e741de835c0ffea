/**
 * PTZ of a camera (spec 7): POST /service/cameras/{id}/position moves it
 * ({ x, y, z, type }, 204); its presets under .../position/presets: GET
 * lists them with the camera's maximum, POST { name } saves the current
 * view as a new one (201, the preset), PATCH /{token} { name } renames,
 * DELETE /{token} removes, and POST /{token} with no body goes to one (204).
 * Failures arrive as HttpError with the recorder's code and reason
 * (errorCreatingPreset for a refused create, rename or delete). Every call
 * goes to the camera's server (its orchidId; server-scope.ts).
 */
import type { PtzMoveRequest, PtzPreset, PtzPresetsResponse } from '../../server/shared/api';
import { http } from './http';

/** A camera and its server, as a camera of the list or a stage cell names it. */
export interface PtzCamera {
  id: string;
  orchidId?: string;
}

const positionPath = (camera: PtzCamera) => `/service/cameras/${encodeURIComponent(camera.id)}/position`;
const presetPath = (camera: PtzCamera, token: string) => `${positionPath(camera)}/presets/${encodeURIComponent(token)}`;
const on = (camera: PtzCamera) => ({ server: camera.orchidId });

export const ptzApi = {
  move: (camera: PtzCamera, move: PtzMoveRequest) => http.post<void>(positionPath(camera), move, on(camera)),

  presets: (camera: PtzCamera) => http.get<PtzPresetsResponse>(`${positionPath(camera)}/presets`, on(camera)),

  createPreset: (camera: PtzCamera, name: string) => http.post<PtzPreset>(`${positionPath(camera)}/presets`, { name }, on(camera)),

  renamePreset: (camera: PtzCamera, token: string, name: string) => http.patch<PtzPreset>(presetPath(camera, token), { name }, on(camera)),

  deletePreset: (camera: PtzCamera, token: string) => http.delete(presetPath(camera, token), on(camera)),

  gotoPreset: (camera: PtzCamera, token: string) => http.post<void>(presetPath(camera, token), undefined, on(camera)),
};
