/**
 * Disk and retention figures (spec 7): GET /service/server/utilization/disk
 * (system status and retention pages: Manager and Administrator, the
 * 'system-report' ability) and GET /service/cameras/disk-usage (the
 * retention page: Administrator, 'configure-cameras'). Setting a camera's
 * retention is PATCH /service/cameras/{id} { retention } on the cameras API.
 */
import type { FastifyInstance } from 'fastify';
import type { CamerasDiskUsageResponse, DiskUtilization } from '../../shared/api';
import type { DiskService } from '../domain/disk-service';
import { requireAbility } from '../plugins/auth';

export interface DiskRoutesDeps {
  disk: DiskService;
}

export async function diskRoutes(app: FastifyInstance, deps: DiskRoutesDeps): Promise<void> {
  app.get('/service/server/utilization/disk', async (request): Promise<DiskUtilization> => {
    requireAbility(request, 'system-report');
    return deps.disk.utilization();
  });

  app.get('/service/cameras/disk-usage', async (request): Promise<CamerasDiskUsageResponse> => {
    requireAbility(request, 'configure-cameras');
    return deps.disk.camerasUsage();
  });
}
