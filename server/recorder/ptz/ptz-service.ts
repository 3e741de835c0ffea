/**
 * PTZ of a camera (spec 3, 5, 6, 7): moves, and presets listed, created,
 * renamed, deleted and gone to. Preset positions live on the camera (ONVIF);
 * a rename is kept by the recorder (PtzPresetNames) because ONVIF can only
 * rename by re-storing the position.
 * Calls to one camera are queued so a stop never overtakes the move it
 * stops. Camera failures become 502 with the camera's reason; creating,
 * renaming or deleting a preset fails with code 'errorCreatingPreset'
 * (spec 8). Roles are checked by the routes.
 */
import type { PtzMoveRequest, PtzPreset, PtzPresetsResponse } from '../../shared/api';
import type { PtzConnection, PtzDevice, PtzDeviceFactory } from './onvif-ptz-client';
import { ApiError, badRequest, conflict, notFound } from '../../common/api-error';
import type { PtzPresetNames } from './ptz-preset-names';
import {
  checkMove,
  checkPresetName,
  checkPresetToken,
  checkRoomForPreset,
  checkUniquePresetName,
  displayPresetName,
  effectiveMaxPresets,
  parseQuirks,
  planMove,
  presentPresets,
} from './ptz-command';

/** What PTZ needs to know about a camera; the cameras service provides it. */
export interface PtzCameraInfo {
  id: string;
  driver: string;
  connection: PtzConnection;
  quirks?: readonly string[] | undefined;
  /** The camera's PTZ capability; undefined when it has none. */
  ptz: { pan: boolean; tilt: boolean; zoom: boolean; relativeFOV: boolean; maxPresets?: number | undefined } | undefined;
}

export interface PtzCameraDirectory {
  ptzCamera(cameraId: string): PtzCameraInfo | undefined;
}

const CAMERA_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 300) || 'the camera did not answer';
}

export class PtzService {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly cameras: PtzCameraDirectory,
    private readonly devices: PtzDeviceFactory,
    private readonly names: Pick<PtzPresetNames, 'apply' | 'set' | 'remove'>,
  ) {}

  /** The camera's presets under the names this recorder shows. */
  private async named(cameraId: string, device: PtzDevice): Promise<Array<{ token: string; name: string }>> {
    return this.names.apply(cameraId, await device.presets());
  }

  private camera(cameraId: string): PtzCameraInfo & { ptz: NonNullable<PtzCameraInfo['ptz']> } {
    if (!CAMERA_ID_PATTERN.test(cameraId)) throw badRequest('The camera id is not valid.', 'invalid-camera-id');
    const camera = this.cameras.ptzCamera(cameraId);
    if (!camera) throw notFound('No camera has this id.', 'camera-not-found');
    if (!camera.ptz || camera.driver !== 'ONVIF') throw conflict('This camera has no PTZ control.', 'ptz-not-supported');
    return camera as PtzCameraInfo & { ptz: NonNullable<PtzCameraInfo['ptz']> };
  }

  /** Runs `work` after the camera's earlier calls; failures become ApiError(502, code). */
  private async onCamera<T>(camera: PtzCameraInfo, code: string, work: (device: PtzDevice) => Promise<T>): Promise<T> {
    const previous = this.queues.get(camera.id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(async () => {
      try {
        return await work(await this.devices.device(camera.id, camera.connection));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        this.devices.forget(camera.id);
        throw new ApiError(502, code, `The camera refused the request: ${reasonOf(error)}`);
      }
    });
    this.queues.set(camera.id, next);
    void next.finally(() => {
      if (this.queues.get(camera.id) === next) this.queues.delete(camera.id);
    }).catch(() => undefined);
    return next;
  }

  async move(cameraId: string, body: { x?: unknown; y?: unknown; z?: unknown; type?: unknown }): Promise<PtzMoveRequest> {
    const camera = this.camera(cameraId);
    const move = checkMove(body);
    const calls = planMove(move, camera.ptz, parseQuirks(camera.quirks));
    await this.onCamera(camera, 'ptz-failed', async (device) => {
      for (const call of calls) await device.run(call);
    });
    return move;
  }

  async presets(cameraId: string): Promise<PtzPresetsResponse> {
    const camera = this.camera(cameraId);
    return this.onCamera(camera, 'ptz-failed', async (device) => {
      const [presets, reported] = await Promise.all([this.named(camera.id, device), device.maxPresets()]);
      return { presets: presentPresets(presets), maxPresets: effectiveMaxPresets(camera.ptz.maxPresets, reported) };
    });
  }

  async createPreset(cameraId: string, body: { name?: unknown }): Promise<PtzPreset> {
    const camera = this.camera(cameraId);
    const name = checkPresetName(body.name);
    return this.onCamera(camera, 'errorCreatingPreset', async (device) => {
      const [existing, reported] = await Promise.all([this.named(camera.id, device), device.maxPresets()]);
      checkRoomForPreset(existing.length, effectiveMaxPresets(camera.ptz.maxPresets, reported));
      checkUniquePresetName(existing, name);
      const token = await device.setPreset(name);
      this.names.set(camera.id, token, name);
      return { token, name: displayPresetName(token, name) };
    });
  }

  async renamePreset(cameraId: string, token: string, body: { name?: unknown }): Promise<PtzPreset> {
    const camera = this.camera(cameraId);
    checkPresetToken(token);
    const name = checkPresetName(body.name);
    return this.onCamera(camera, 'errorCreatingPreset', async (device) => {
      const existing = await this.named(camera.id, device);
      if (!existing.some((p) => p.token === token)) throw notFound('The camera has no preset with this token.', 'preset-not-found');
      checkUniquePresetName(existing, name, token);
      // Kept by the recorder: ONVIF's SetPreset would also move the preset to the current view.
      this.names.set(camera.id, token, name);
      return { token, name: displayPresetName(token, name) };
    });
  }

  async deletePreset(cameraId: string, token: string): Promise<void> {
    const camera = this.camera(cameraId);
    checkPresetToken(token);
    await this.onCamera(camera, 'errorCreatingPreset', async (device) => {
      const existing = await device.presets();
      if (!existing.some((p) => p.token === token)) throw notFound('The camera has no preset with this token.', 'preset-not-found');
      await device.removePreset(token);
      this.names.remove(camera.id, token);
    });
  }

  async gotoPreset(cameraId: string, token: string): Promise<void> {
    const camera = this.camera(cameraId);
    checkPresetToken(token);
    await this.onCamera(camera, 'ptz-failed', (device) => device.gotoPreset(token));
  }
}
