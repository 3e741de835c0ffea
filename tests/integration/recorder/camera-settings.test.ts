/**
 * Stream settings that reach the camera: a Video change through the API is
 * written to a simulated ONVIF camera (SetVideoEncoderConfiguration), the
 * camera re-encodes, the recorder restarts the stream, and ffprobe of the
 * next recorded segment shows the new size and rate. Out-of-range values are
 * clamped by spec 5's rules before they are sent, and the camera itself
 * refuses values outside its options with a SOAP fault, as real cameras do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import { OnvifError, readOnvifCamera, writeVideoEncoder } from '../../../server/recorder/core/onvif-client';
import type { Archive, Stream } from '../../../server/shared/api';
import { probeMedia, run } from '../helpers/media-probe';
import { archiveFiles, listArchives, registerRecordedCamera } from '../helpers/recorded-camera';
import { startMediaRecorder, waitFor, type MediaRecorder } from './helpers/media-recorder';
import { startSimulator } from './helpers/simulator';

let recorder: MediaRecorder;
let sim: CameraSim;

beforeAll(async () => {
  [recorder, sim] = await Promise.all([startMediaRecorder({ extraArgs: ['--segment-seconds', '10'] }), startSimulator(1)]);
});

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
});

const connection = () => ({ uri: sim.cameras[0]!.onvifUrl, username: sim.cameras[0]!.username, password: sim.cameras[0]!.password });

/** The main profile's encoder settings as the camera itself answers them. */
async function cameraEncoder() {
  const info = await readOnvifCamera(connection());
  return info.profiles.find((p) => p.token === 'profile_main')!.encoder!;
}

/** Frames per second of a recorded file, from ffprobe's stream average. */
async function averageFps(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=avg_frame_rate,r_frame_rate', '-of', 'json', file]);
  const stream = (JSON.parse(stdout.toString()) as { streams: Array<{ avg_frame_rate: string; r_frame_rate: string }> }).streams[0]!;
  const [num, den] = stream.avg_frame_rate.split('/').map(Number);
  return num! / den!;
}

/** The first finished segment written after `afterId`. */
async function nextFinishedSegment(streamId: string, afterId: number): Promise<Archive> {
  return waitFor(
    'a finished segment after the change',
    async () => (await listArchives(recorder.baseUrl, recorder.token, streamId)).find((a) => a.id > afterId && !a.active),
    90_000,
  );
}

describe('stream settings pushed to an ONVIF camera', () => {
  let cameraId: string;
  let streamId: string;

  it('records the new resolution and frame rate after a change through the API', async () => {
    ({ cameraId, streamId } = await registerRecordedCamera(recorder.baseUrl, recorder.token, sim, 'Settings camera'));
    const before = await nextFinishedSegment(streamId, 0);
    const beforeFile = archiveFiles(recorder.dataDir).get(before.id)!;
    expect(await probeMedia(beforeFile)).toMatchObject({ width: 1280, height: 720 });

    const changed = await recorder.call<Stream>('PATCH', `/service/cameras/${cameraId}/streams/${streamId}`, {
      configuration: { Video: { Resolution: '640x360', FrameRate: 10, GOVLength: 20, BitRate: 800 } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.pushesToCamera).toBe(true);
    expect(changed.body.configuration.Video).toMatchObject({ Resolution: '640x360', FrameRate: 10, GOVLength: 20, BitRate: 800 });
    expect(await cameraEncoder()).toMatchObject({ width: 640, height: 360, frameRateLimit: 10, govLength: 20, bitrateLimit: 800 });

    // The segments written before the change carry the old settings; the first one after it, the new.
    const lastBefore = Math.max(...(await listArchives(recorder.baseUrl, recorder.token, streamId)).map((a) => a.id));
    const next = await nextFinishedSegment(streamId, lastBefore);
    const file = archiveFiles(recorder.dataDir).get(next.id)!;
    const facts = await probeMedia(file);
    expect(facts).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    const fps = await averageFps(file);
    expect(fps).toBeGreaterThan(8);
    expect(fps).toBeLessThan(12);
    expect((await recorder.call<Stream>('GET', `/service/streams/${streamId}`)).body.configuration.Video).toMatchObject({ Resolution: '640x360', FrameRate: 10 });
  });

  it('clamps out-of-range values to the capabilities (spec 5) before they reach the camera', async () => {
    const reply = await recorder.call<Stream>('PATCH', `/service/cameras/${cameraId}/streams/${streamId}`, {
      configuration: { Video: { FrameRate: 999, GOVLength: 0, BitRate: 100_000, Resolution: '4000x3000', Quality: 99 } },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    // Numbers to their min/max; a resolution not offered falls back to the last option.
    const resolutions = (reply.body.capabilities.Video?.Resolution as { options: string[] }).options;
    expect(reply.body.configuration.Video).toMatchObject({ FrameRate: 25, GOVLength: 1, BitRate: 4096, Quality: 10, Resolution: resolutions.at(-1) });
    const [width, height] = resolutions.at(-1)!.split('x').map(Number);
    expect(await cameraEncoder()).toMatchObject({ width, height, frameRateLimit: 25, govLength: 1, bitrateLimit: 4096, quality: 10 });
  });

  it('the camera refuses values outside its options with a SOAP fault and keeps its settings', async () => {
    const kept = await cameraEncoder();
    for (const change of [{ frameRateLimit: 60 }, { width: 1920, height: 1080 }, { govLength: 0 }, { bitrateLimit: 10 }]) {
      const error = await writeVideoEncoder(connection(), 'profile_main', change).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OnvifError);
      expect((error as OnvifError).kind).toBe('refused');
    }
    expect(await cameraEncoder()).toEqual(kept);
  });
});
