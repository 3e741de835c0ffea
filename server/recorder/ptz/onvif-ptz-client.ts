/**
 * PTZ over ONVIF through the `onvif` npm client: one connected Cam per
 * camera, made on first use and kept (connecting costs several SOAP round
 * trips: time, capabilities, profiles). A failed call drops the cached
 * connection so the next call reconnects (the camera may have rebooted or
 * changed address). Every call has a time limit. Values reaching SOAP are
 * checked numbers, checked preset tokens and preset names of letters, digits
 * and spaces (the client puts them into XML unescaped).
 */
import onvif from 'onvif';
import type { PtzCall } from './ptz-command';
import { classifyOnvifError, parseOnvifUri } from '../core/onvif-client';
import { FOV_TRANSLATION_SPACE, parseMaxPresets, parsePresets, parseSetPresetToken } from './ptz-soap';

export interface PtzConnection {
  /** The device service URL, e.g. http://10.0.0.5/onvif/device_service. */
  uri: string;
  username?: string | undefined;
  password?: string | undefined;
}

/** What the PTZ service needs from a camera; OnvifPtzClients makes the real one. */
export interface PtzDevice {
  run(call: PtzCall): Promise<void>;
  presets(): Promise<Array<{ token: string; name: string }>>;
  /** Creates a preset at the current position (token undefined) or renames/re-stores one; answers its token. */
  setPreset(name: string, token?: string): Promise<string>;
  removePreset(token: string): Promise<void>;
  gotoPreset(token: string): Promise<void>;
  /** MaximumNumberOfPresets of the PTZ node, when reported. */
  maxPresets(): Promise<number | undefined>;
}

export interface PtzDeviceFactory {
  device(cameraId: string, connection: PtzConnection): Promise<PtzDevice>;
  forget(cameraId: string): void;
}

export const ONVIF_TIMEOUT_MS = 8_000;

type CamInstance = InstanceType<typeof onvif.Cam>;
type Callback = (error: Error | null, data: unknown, xml: string) => void;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the camera did not answer ${what} within ${ONVIF_TIMEOUT_MS / 1000} s`)), ONVIF_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function soap(invoke: (callback: Callback) => void, what: string): Promise<string> {
  return withTimeout(
    new Promise<string>((resolve, reject) => {
      try {
        invoke((error, _data, xml) => (error ? reject(classifyOnvifError(error)) : resolve(typeof xml === 'string' ? xml : '')));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }),
    what,
  );
}

class OnvifPtzDevice implements PtzDevice {
  constructor(private readonly cam: CamInstance) {}

  async run(call: PtzCall): Promise<void> {
    const cam = this.cam as unknown as Record<string, (options: object, callback: Callback) => void>;
    if (call.kind === 'stop') {
      await soap((cb) => cam.stop!.call(this.cam, { panTilt: true, zoom: true }, cb), 'Stop');
      return;
    }
    const options: Record<string, unknown> = { x: call.x, y: call.y, zoom: call.zoom };
    if (call.part === 'pan-tilt') options.onlySendPanTilt = true;
    if (call.part === 'zoom') options.onlySendZoom = true;
    if (call.kind === 'continuous') {
      options.timeout = call.timeoutMs;
      await soap((cb) => cam.continuousMove!.call(this.cam, options, cb), 'ContinuousMove');
      return;
    }
    if (call.space === 'fov') options.xyspace = FOV_TRANSLATION_SPACE;
    if (call.part === 'pan-tilt') delete options.zoom;
    if (call.part === 'zoom') {
      delete options.x;
      delete options.y;
    }
    await soap((cb) => cam.relativeMove!.call(this.cam, options, cb), 'RelativeMove');
  }

  async presets(): Promise<Array<{ token: string; name: string }>> {
    return parsePresets(await soap((cb) => this.cam.getPresets({}, cb as never), 'GetPresets'));
  }

  async setPreset(name: string, token?: string): Promise<string> {
    const xml = await soap(
      (cb) => this.cam.setPreset(token ? { presetName: name, presetToken: token } : { presetName: name }, cb as never),
      'SetPreset',
    );
    const created = parseSetPresetToken(xml) ?? token;
    if (!created) throw new Error('the camera did not return a preset token');
    return created;
  }

  async removePreset(token: string): Promise<void> {
    await soap((cb) => this.cam.removePreset({ presetToken: token }, cb as never), 'RemovePreset');
  }

  async gotoPreset(token: string): Promise<void> {
    await soap((cb) => this.cam.gotoPreset({ preset: token }, cb as never), 'GotoPreset');
  }

  async maxPresets(): Promise<number | undefined> {
    try {
      return parseMaxPresets(await soap((cb) => this.cam.getNodes(cb as never), 'GetNodes'));
    } catch {
      // GetNodes is optional for many cameras; the caller falls back to the capability or the default.
      return undefined;
    }
  }
}

export class OnvifPtzClients implements PtzDeviceFactory {
  private readonly devices = new Map<string, { key: string; device: Promise<PtzDevice> }>();

  async device(cameraId: string, connection: PtzConnection): Promise<PtzDevice> {
    const key = `${connection.uri}\n${connection.username ?? ''}\n${connection.password ?? ''}`;
    const cached = this.devices.get(cameraId);
    if (cached && cached.key === key) return cached.device;
    const device = this.connect(connection);
    this.devices.set(cameraId, { key, device });
    device.catch(() => {
      if (this.devices.get(cameraId)?.device === device) this.devices.delete(cameraId);
    });
    return device;
  }

  forget(cameraId: string): void {
    this.devices.delete(cameraId);
  }

  private connect(connection: PtzConnection): Promise<PtzDevice> {
    let target: ReturnType<typeof parseOnvifUri>;
    try {
      target = parseOnvifUri(connection.uri);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return withTimeout(
      new Promise<PtzDevice>((resolve, reject) => {
        const cam: CamInstance = new onvif.Cam(
          {
            hostname: target.hostname,
            port: target.port,
            path: target.path,
            username: connection.username || undefined,
            password: connection.password || undefined,
            useSecure: target.secure,
            timeout: ONVIF_TIMEOUT_MS,
          },
          (error: Error | null) => (error ? reject(classifyOnvifError(error)) : resolve(new OnvifPtzDevice(cam))),
        );
      }),
      'the connection',
    );
  }
}
