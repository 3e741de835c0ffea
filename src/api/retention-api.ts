/** Retention policy calls (spec 7): disk utilization, per-camera disk usage and a camera's retention override. */
import type { Camera, CamerasDiskUsageResponse, DiskUtilization } from '../../server/shared/api';
import { http } from './http';

export const retentionApi = {
  disk: () => http.get<DiskUtilization>('/service/server/utilization/disk', { queue: 'user' }),
  camerasUsage: () => http.get<CamerasDiskUsageResponse>('/service/cameras/disk-usage', { queue: 'user' }),
  /** retention in ms; 0 = no override. */
  setRetention: (cameraId: string, retention: number) => http.patch<Camera>(`/service/cameras/${encodeURIComponent(cameraId)}`, { retention }),
};
