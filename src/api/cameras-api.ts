/**
 * Calls of the camera configuration screen (spec 7): the cameras of the
 * serving recorder, registration (ONVIF or Generic RTSP), rename, recover
 * (a new connection for a camera whose address or settings changed outside
 * the product), delete, and a unicast WS-Discovery probe of one address.
 */
import type {
  Camera,
  CamerasResponse,
  DiscoveredCamera,
  DiscoveredCamerasResponse,
  RegisterCameraRequest,
} from '../../server/shared/api';
import { http } from './http';

const cameraPath = (id: string) => `/service/cameras/${encodeURIComponent(id)}`;

export const camerasApi = {
  /** The configuration screen shows each camera as its server has it now (revalidate: see http.ts). */
  list: async (): Promise<Camera[]> => (await http.get<CamerasResponse>('/service/cameras', { queue: 'user', revalidate: true })).data.cameras,
  register: (request: RegisterCameraRequest) => http.post<Camera>('/service/cameras', request),
  rename: (id: string, name: string) => http.patch<Camera>(cameraPath(id), { name }),
  /** Re-reads the camera at its new address; the server keeps its id, streams and archives. */
  /** A null password keeps the stored one. */
  recover: (id: string, connection: { uri: string; username: string; password: string | null }) =>
    http.patch<Camera>(cameraPath(id), { connection }),
  remove: (id: string) => http.delete(cameraPath(id)),
  /** `address` is an IP or host name, optionally with :port (default 3702). */
  discover: async (address: string): Promise<DiscoveredCamera[]> =>
    (await http.get<DiscoveredCamerasResponse>('/service/discoverable/cameras', { query: { ip: address } })).data.cameras,
};
