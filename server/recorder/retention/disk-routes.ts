/**
 * Disk and retention figures (spec 7): GET /service/server/utilization/disk
 * (system status and retention pages: Manager and Administrator, the
 * 'system-report' ability) and GET /service/cameras/disk-usage (the
 * retention page: Administrator, 'configure-cameras'). Setting a camera's
 * retention is PATCH /service/cameras/{id} { retention } on the cameras API.
 */
import type { FastifyInstance } from 'fastify';
import type { CamerasDiskUsageResponse, DiskUtilization } from '../../shared/api';
import type { DiskService } from './disk-service';

export interface DiskRoutesDeps {
  disk: DiskService;
}

export async function diskRoutes(app: FastifyInstance, deps: DiskRoutesDeps): Promise<void> {
  app.get('/service/server/utilization/disk', { config: { access: 'system-report' } }, async (): Promise<DiskUtilization> => {
    return deps.disk.utilization();
  });

  app.get('/service/cameras/disk-usage', { config: { access: 'configure-cameras' } }, async (): Promise<CamerasDiskUsageResponse> => {
    return deps.disk.camerasUsage();
  });
}
