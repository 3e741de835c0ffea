/**
 * A real recorder recording a real simulated camera, for the live and
 * playback tests: starts the camera simulator, starts the recorder as users
 * do (tsx server/recorder/main.ts on free ports and a temporary folder),
 * registers the camera through POST /service/cameras and waits until its
 * stream runs and has recorded `recordedMs` of video. `stop` ends both and
 * removes the folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Archive, ArchivesResponse, Camera, CamerasResponse } from '../../../../server/shared/api';
import { type CameraSim, startCameraSim } from '../../../../server/camera-sim/camera-sim';
import { call, type RecorderProcess, signIn, startRecorder } from '../../helpers/recorder-process';

export interface LiveRig {
  baseUrl: string;
  rtspPort: number;
  recorder: RecorderProcess;
  sim: CameraSim;
  /** Administrator token. */
  token: string;
  cameraId: string;
  streamId: string;
  archives(): Promise<Archive[]>;
  stop(): Promise<void>;
}

async function startSim(): Promise<CameraSim> {
  for (let attempt = 0; ; attempt++) {
    const basePort = 40_000 + Math.floor(Math.random() * 2000) * 10;
    try {
      return await startCameraSim({ count: 1, basePort });
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function startLiveRig(options: { recordedMs?: number } = {}): Promise<LiveRig> {
  const sim = await startSim();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-live-'));
  const recorder = await startRecorder({ dataDir });
  const rtspPort = recorder.rtspPort;
  const stop = async () => {
    await recorder.stop();
    await sim.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const baseUrl = recorder.baseUrl;
    const token = await signIn(baseUrl, 'admin', 'secret');
    const camera = sim.cameras[0]!;
    const registered = await call<Camera>(baseUrl, 'POST', '/service/cameras', {
      token,
      json: {
        driver: 'Generic RTSP',
        name: 'Live test camera',
        connection: { uri: camera.rtspUrls.main, username: camera.username, password: camera.password },
      },
    });
    if (registered.status !== 201 && registered.status !== 200) {
      throw new Error(`registering the camera: ${registered.status} ${JSON.stringify(registered.body)}`);
    }
    const cameraId = registered.body.id;
    const streamId = await until('the stream to run', 60_000, async () => {
      const reply = await call<CamerasResponse>(baseUrl, 'GET', '/service/cameras', { token });
      const found = reply.body.data.cameras.find((c) => c.id === cameraId);
      return found?.primaryStream?.status.streamState === 'running' ? found.primaryStream.id : undefined;
    });
    const archives = async () =>
      (await call<ArchivesResponse>(baseUrl, 'GET', `/service/archives?streamId=${streamId}&start=0&take=1000`, { token })).body.data
        .archives;
    const recordedMs = options.recordedMs ?? 0;
    if (recordedMs > 0) {
      await until(`${recordedMs} ms of recording`, recordedMs + 60_000, async () => {
        const list = await archives();
        const first = list.reduce((min, a) => Math.min(min, a.start), Infinity);
        const last = list.reduce((max, a) => Math.max(max, a.end), 0);
        return last - first >= recordedMs ? true : undefined;
      });
    }
    return { baseUrl, rtspPort, recorder, sim, token, cameraId, streamId, archives, stop };
  } catch (error) {
    const output = recorder.output();
    await stop();
    throw new Error(`${String(error)}\nrecorder output:\n${output.slice(-3000)}`, { cause: error });
  }
}
