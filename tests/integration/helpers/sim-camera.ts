/**
 * Registers a simulated camera with a recorder as an operator does: ONVIF
 * discovery URL and credentials through POST /service/cameras. With
 * `mainOnly` the sub stream is removed afterwards, for tests that look at
 * one stream and would only be slowed by recording a second.
 */
import type { SimCamera } from '../../../server/camera-sim/camera-sim';
import type { Camera } from '../../../server/shared/api';
import { call } from './recorder-process';

export async function registerSimCamera(
  recorder: { baseUrl: string; token: string },
  camera: SimCamera,
  name: string,
  options: { mainOnly?: boolean } = {},
): Promise<Camera> {
  const registered = await call<Camera>(recorder.baseUrl, 'POST', '/service/cameras', {
    token: recorder.token,
    json: { driver: 'ONVIF', connection: { uri: camera.onvifUrl, username: camera.username, password: camera.password }, name },
  });
  if (registered.status !== 201) throw new Error(`registering ${name}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const { id, streams } = registered.body;
  if (!options.mainOnly) return registered.body;
  for (const sub of streams.slice(1)) {
    const removed = await call(recorder.baseUrl, 'DELETE', `/service/cameras/${id}/streams/${sub.id}`, { token: recorder.token });
    if (removed.status !== 204) throw new Error(`removing the sub stream of ${name}: ${removed.status}`);
  }
  return { ...registered.body, streams: streams.slice(0, 1) };
}
