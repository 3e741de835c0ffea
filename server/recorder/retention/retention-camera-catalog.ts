/**
 * What export, PTZ and retention need to know of cameras and streams:
 * stream and camera names for export file names; the ONVIF connection, PTZ
 * axes and quirks of a camera; and each camera's streams with whether they
 * record only on motion. Asked of the cameras store, the one owner of those
 * tables, so these features never read them; the camera password the store
 * opens goes only to the camera itself.
 */
import type { CameraCapabilities } from '../../shared/api';
import type { CamerasStore } from '../cameras';
import { tryStyleOf } from '../../shared/recording-style';
import type { ExportStreamDirectory } from '../export';
import type { PtzCameraDirectory, PtzCameraInfo } from '../ptz';
import type { RetentionCamera, RetentionCameraDirectory } from './retention-contracts';

/** Quirks as stored: an object of flags ({ 'zoom-override': true }) or a list of names. */
export function quirkNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((q): q is string => typeof q === 'string');
  if (value && typeof value === 'object') return Object.entries(value).filter(([, on]) => on === true).map(([name]) => name);
  return [];
}

export class RetentionCameraCatalog implements RetentionCameraDirectory, ExportStreamDirectory, PtzCameraDirectory {
  constructor(private readonly store: Pick<CamerasStore, 'camera' | 'cameras' | 'stream' | 'streams'>) {}

  describeStream(streamId: string): { cameraName: string; streamName: string } | undefined {
    const stream = this.store.stream(streamId);
    const camera = stream && this.store.camera(stream.cameraId);
    return stream && camera && { cameraName: camera.name, streamName: stream.name };
  }

  ptzCamera(cameraId: string): PtzCameraInfo | undefined {
    const camera = this.store.camera(cameraId);
    if (!camera) return undefined;
    const ptz = (camera.capabilities as Partial<CameraCapabilities>).camera?.PTZ;
    const yes = (v: unknown) => v === 'true' || v === true;
    const moves = ptz && (yes(ptz.pan) || yes(ptz.tilt) || yes(ptz.zoom));
    return {
      id: camera.id,
      driver: camera.driver,
      connection: { uri: camera.uri, username: camera.username, password: camera.password },
      quirks: quirkNames(camera.quirks),
      ptz: moves
        ? { pan: yes(ptz.pan), tilt: yes(ptz.tilt), zoom: yes(ptz.zoom), relativeFOV: yes(ptz.relativeFOV), maxPresets: ptz.maxPresets || undefined }
        : undefined,
    };
  }

  cameras(): RetentionCamera[] {
    const byCamera = new Map<string, RetentionCamera['streams']>();
    for (const stream of this.store.streams()) {
      const list = byCamera.get(stream.cameraId) ?? [];
      list.push({ id: stream.id, name: stream.name, motionOnly: tryStyleOf(stream.recordingConfiguration) === 'motion-only' });
      byCamera.set(stream.cameraId, list);
    }
    // By name, then id, as the cleaner and the disk report have always listed them.
    const cameras = [...this.store.cameras()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return cameras.map((c) => ({ id: c.id, name: c.name, streams: byCamera.get(c.id) ?? [] }));
  }
}
