import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import { listChildren } from '../../../server/processes';
import { ffprobeVideo, grabGray, startSim, withCredentials } from './helpers';

let sim: CameraSim;

beforeAll(async () => {
  sim = await startSim({ count: 2 });
});

afterAll(async () => {
  await sim?.stop();
});

/** Pixels that differ by more than coding noise, outside the time strip band. */
function changedPixels(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  let count = 0;
  for (let i = Math.ceil(height * 0.1) * width; i < width * height; i++) if (Math.abs(a[i]! - b[i]!) > 40) count++;
  return count;
}

describe('camera simulator faults and motion', () => {
  it('drops RTSP sessions, refuses new ones during the window, accepts them after', async () => {
    const camera = sim.cameras[0]!;
    const url = withCredentials(camera.rtspUrls.sub, camera.username, camera.password);
    const reader = spawn('ffmpeg', ['-v', 'error', '-rtsp_transport', 'tcp', '-i', url, '-f', 'null', '-'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => reader.on('exit', (code) => resolve(code)));
    try {
      // Wait until the reader is playing (a PLAY has been answered and frames flow).
      await new Promise((r) => setTimeout(r, 2000));
      expect(reader.exitCode).toBeNull();
      const dropWindowMs = 4000;
      const droppedAt = Date.now();
      sim.dropSessions(dropWindowMs);
      await expect(Promise.race([exited, new Promise((_, reject) => setTimeout(() => reject(new Error('reader still running')), 15_000))])).resolves.not.toBe(undefined);
      if (Date.now() - droppedAt < dropWindowMs - 500) {
        await expect(ffprobeVideo(url, 'tcp')).rejects.toThrow(/503/);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, droppedAt + dropWindowMs + 200 - Date.now())));
      expect(await ffprobeVideo(url, 'tcp')).toMatchObject({ width: 640, height: 360 });
    } finally {
      reader.kill('SIGKILL');
    }
  });

  it('with motion off, consecutive pictures are (nearly) identical; with motion on, the object moves', async () => {
    await sim.setMotion(false, 0);
    const still = sim.cameras[0]!;
    const moving = sim.cameras[1]!;
    const grab = (url: string): Promise<Uint8Array> => grabGray(withCredentials(url, still.username, still.password), 'tcp', 320, 180);
    const stillA = await grab(still.rtspUrls.main);
    const movingA = await grab(moving.rtspUrls.main);
    await new Promise((r) => setTimeout(r, 1500));
    const stillB = await grab(still.rtspUrls.main);
    const movingB = await grab(moving.rtspUrls.main);
    expect(changedPixels(stillA, stillB, 320, 180)).toBeLessThan(20);
    expect(changedPixels(movingA, movingB, 320, 180)).toBeGreaterThan(100);
    await sim.setMotion(true, 0);
  });

  it('leaves no ffmpeg child behind after stop', async () => {
    const pids = sim.encoderPids();
    expect(pids.length).toBeGreaterThan(0);
    await sim.stop();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(listChildren()).toEqual([]);
  });
});
