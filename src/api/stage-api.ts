/**
 * Calls of the stage (spec 7): the cameras for the bag (single-server mode
 * answers under data.cameras), saved stages (/service/layouts CRUD) and the
 * server's time zone for the players' time-zone table.
 */
import type {
  Camera,
  CamerasResponse,
  CreateLayoutRequest,
  Layout,
  LayoutsResponse,
  TimeExtendedResponse,
  UpdateLayoutRequest,
} from '../../server/shared/api';
import { http } from './http';

export const stageApi = {
  /** revalidate: every server's own list, none as a slow one last answered (the first list, and after a change). */
  cameras: async (revalidate = false): Promise<Camera[]> =>
    (await http.get<CamerasResponse>('/service/cameras', { queue: 'user', revalidate })).data.cameras,
  layouts: async (): Promise<Layout[]> => (await http.get<LayoutsResponse>('/service/layouts', { queue: 'user' })).data.layouts,
  createLayout: (request: CreateLayoutRequest) => http.post<Layout>('/service/layouts', request),
  updateLayout: (id: string, request: UpdateLayoutRequest) => http.patch<Layout>(`/service/layouts/${encodeURIComponent(id)}`, request),
  deleteLayout: (id: string) => http.delete(`/service/layouts/${encodeURIComponent(id)}`),
  timeExtended: () => http.get<TimeExtendedResponse>('/service/time-extended'),
};
