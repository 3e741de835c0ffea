/**
 * Cameras for the stage tests: the e2e recorder starts without demo
 * cameras, so these tests start two simulated ONVIF cameras (a real RTSP
 * and ONVIF device each, server/camera-sim) and register them through the
 * API as an administrator would, then wait until their streams run.
 */
import { startCameraSim, type CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera, CamerasResponse } from '../../../server/shared/api';

export interface StageCameras {
  sim: CameraSim;
  cameras: Camera[];
  stop(): Promise<void>;
}

async function api<T>(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function startSim(count: number): Promise<CameraSim> {
  for (let attempt = 0; ; attempt++) {
    const basePort = 42_000 + Math.floor(Math.random() * 1500) * 10;
    try {
      return await startCameraSim({ count, basePort });
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

export async function registerStageCameras(baseUrl: string, password: string, count = 2): Promise<StageCameras> {
  const signIn = await api<{ token: string }>(baseUrl, 'POST', '/service/sessions/user', null, {
    username: 'admin',
    password,
    cookie: 'session',
    type: 'user',
  });
  const token = signIn.body.token;
  const sim = await startSim(count);
  // Names unique to this simulator, so a restarted test worker never meets cameras of a stopped one.
  const prefix = `Cam ${new URL(sim.cameras[0]!.onvifUrl).port}`;
  for (const camera of sim.cameras) {
    const name = `${prefix}-${camera.index + 1}`;
    const reply = await api(baseUrl, 'POST', '/service/cameras', token, {
      driver: 'ONVIF',
      connection: { uri: camera.onvifUrl, username: 'admin', password: 'camera-pass' },
      name,
    });
    if (reply.status !== 201) throw new Error(`registering ${name} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  const deadline = Date.now() + 90_000;
  for (;;) {
    const cameras = (await api<CamerasResponse>(baseUrl, 'GET', '/service/cameras', token)).body.data.cameras.filter(
      (camera) => camera.name.startsWith(prefix) && camera.primaryStream?.status.streamState === 'running',
    );
    if (cameras.length >= count) {
      const stop = async () => {
        for (const camera of cameras) await api(baseUrl, 'DELETE', `/service/cameras/${camera.id}`, token).catch(() => undefined);
        await sim.stop();
      };
      return { sim, cameras: cameras.sort((a, b) => a.name.localeCompare(b.name)), stop };
    }
    if (Date.now() > deadline) {
      await sim.stop();
      throw new Error(`only ${cameras.length} of ${count} stage cameras are running`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
