/**
 * Cameras of the serving recorder for the camera configuration screen
 * (spec 2 "Camera configuration"): the list and the camera-level actions
 * (register, rename, recover, delete one or many). Messages follow spec 8
 * "Cameras": 'code: reason' else the generic message; renaming shows the
 * server's message else 'An unexpected error has occurred.'; a bulk delete
 * reports the cameras that failed.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { Camera, RegisterCameraRequest } from '../../server/shared/api';
import { camerasApi } from '../api/cameras-api';
import { describeApiError, describeCodedApiError } from '../api/error-message';
import { QueueResetError } from '../../server/shared/request-queue';
import { stageBagActions, stageBagState } from './stage-bag.store';

export interface CamerasState {
  cameras: Camera[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadError: string | null;
}

export const camerasState = proxy<CamerasState>({ cameras: [], status: 'idle', loadError: null });

export type ActionResult<T = void> = { ok: true; value: T } | { ok: false; message: string };

export async function fetchCameras(): Promise<void> {
  if (camerasState.status !== 'ready') camerasState.status = 'loading';
  try {
    const cameras = await camerasApi.list();
    camerasState.cameras = cameras.sort((a, b) => a.name.localeCompare(b.name)).map((camera) => ref(camera));
    camerasState.status = 'ready';
    camerasState.loadError = null;
  } catch (error) {
    if (error instanceof QueueResetError) return; // the user left the screen
    camerasState.status = 'failed';
    camerasState.loadError = describeCodedApiError(error);
  }
}

/**
 * Re-reads the list after a change made here, and the stage's bag with it
 * when the bag has loaded before: otherwise the stage would show a deleted
 * camera (and ask for its preview) until its next 60 s refresh.
 */
export async function refreshAfterChange(): Promise<void> {
  await Promise.all([fetchCameras(), stageBagState.status === 'idle' ? undefined : stageBagActions.loadCameras(true)]);
}

/** Registers one camera; the list is not re-read here (a bulk run re-reads once at its end). */
export async function registerCamera(request: RegisterCameraRequest): Promise<Camera> {
  return camerasApi.register(request);
}

export async function renameCamera(id: string, name: string): Promise<ActionResult> {
  try {
    await camerasApi.rename(id, name.trim());
  } catch (error) {
    // Spec 8: the server's message, else the unexpected-error message (no code prefix here).
    return { ok: false, message: describeApiError(error) };
  }
  await refreshAfterChange();
  return { ok: true, value: undefined };
}

export async function recoverCamera(id: string, connection: { uri: string; username: string; password: string | null }): Promise<ActionResult> {
  try {
    await camerasApi.recover(id, connection);
  } catch (error) {
    return { ok: false, message: describeCodedApiError(error) };
  }
  await refreshAfterChange();
  return { ok: true, value: undefined };
}

export interface DeleteFailure {
  id: string;
  name: string;
  message: string;
}

/** Deletes the cameras one after another and re-reads the list; answers those that could not be deleted. */
export async function deleteCameras(cameras: ReadonlyArray<{ id: string; name: string }>): Promise<DeleteFailure[]> {
  const failed: DeleteFailure[] = [];
  for (const camera of cameras) {
    try {
      await camerasApi.remove(camera.id);
    } catch (error) {
      failed.push({ id: camera.id, name: camera.name, message: describeCodedApiError(error) });
    }
  }
  await refreshAfterChange();
  return failed;
}
