/**
 * `--demo-cameras N`: the first start runs N simulated cameras inside the
 * recorder and registers them by ONVIF; a later start brings them back on
 * the same ports, so the same cameras record again; 0 leaves them off.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Camera, CamerasResponse } from '../../../server/shared/api';
import { startMediaRecorder, waitFor, type MediaRecorder } from './helpers/media-recorder';

let recorder: MediaRecorder | undefined;

afterAll(async () => {
  await recorder?.stop();
});

async function runningCameras(r: MediaRecorder, count: number): Promise<Camera[]> {
  return waitFor(`${count} demo camera(s) running`, async () => {
    const reply = await r.call<CamerasResponse>('GET', '/service/cameras');
    const cameras = reply.body.data.cameras;
    return cameras.length === count && cameras.every((c) => c.lastStreamState === 'running') ? cameras : undefined;
  });
}

const encoders = (r: MediaRecorder) => r.ffmpegs('libx264');

describe('demo cameras', () => {
  it('registers them on the first start and brings them back on the same ports later', async () => {
    recorder = await startMediaRecorder({ extraArgs: ['--demo-cameras', '1'] });
    const [first] = await runningCameras(recorder, 1);
    expect(first).toMatchObject({ driver: 'ONVIF', name: 'Demo camera 1' });
    expect(encoders(recorder).length).toBeGreaterThan(0);
    const dataDir = recorder.dataDir;
    await recorder.terminate();

    recorder = await startMediaRecorder({ dataDir, extraArgs: ['--demo-cameras', '1'] });
    const [again] = await runningCameras(recorder, 1);
    expect(again!.id).toBe(first!.id);
    expect(again!.configuration.BaseUri).toBe(first!.configuration.BaseUri);
    await recorder.terminate();

    recorder = await startMediaRecorder({ dataDir, extraArgs: ['--demo-cameras', '0'] });
    const list = await recorder.call<CamerasResponse>('GET', '/service/cameras');
    expect(list.body.data.cameras.map((c) => c.id)).toEqual([first!.id]);
    expect(encoders(recorder)).toEqual([]);
  });
});
