/**
 * Camera passwords never appear in a process list: a real recorder records
 * a simulated camera (ONVIF, Digest-protected RTSP) and probes it as a
 * Generic RTSP camera, while `ps` is read every 50 ms; no command line of
 * the recorder's process group (its ffmpeg and ffprobe children included)
 * holds the camera's password, and the ffmpeg that records is given the
 * loopback relay's URL instead of the camera's. The recording is real (a
 * segment decodes), and a wrong password still gives the registration its
 * 'authentication failed' answer through the relay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCameraSim, type CameraSim } from '../../../server/camera-sim/camera-sim';
import type { ArchivesResponse, Camera } from '../../../server/shared/api';
import { registerSimCamera } from '../helpers/sim-camera';
import { decodeAll } from '../recorder/helpers/frames';
import { startMediaRecorder, waitFor, type MediaRecorder } from '../recorder/helpers/media-recorder';

const CAMERA_PASSWORD = 'Ps-visible-9d2f-camera';

let sim: CameraSim;
let recorder: MediaRecorder;
/** Every distinct command line seen in the recorder's process group while the test ran. */
const seen = new Set<string>();
let watcher: NodeJS.Timeout | undefined;

beforeAll(async () => {
  for (let attempt = 0; !sim; attempt++) {
    try {
      sim = await startCameraSim({ count: 1, basePort: 30_000 + Math.floor(Math.random() * 2_500) * 10, password: CAMERA_PASSWORD });
    } catch (error) {
      if (attempt >= 9) throw error;
    }
  }
  recorder = await startMediaRecorder();
  watcher = setInterval(() => {
    for (const process of recorder.processes()) seen.add(process.args);
  }, 50);
}, 120_000);

afterAll(async () => {
  if (watcher) clearInterval(watcher);
  await recorder?.stop();
  await sim?.stop();
});

// First, before the camera is registered (a second registration of the same stream is a conflict).
it('still tells a wrong password apart from an unreachable camera', async () => {
  const camera = sim.cameras[0]!;
  const wrong = await recorder.call<{ code: string }>('POST', '/service/cameras', {
    driver: 'Generic RTSP',
    connection: { uri: camera.rtspUrls.sub, username: camera.username, password: 'not-the-password' },
    name: 'Wrong password',
  });
  expect(wrong.status).toBe(422);
  expect(wrong.body.code).toBe('camera-authentication-failed');
}, 60_000);

it('records and probes a camera without its password on any command line', async () => {
  const camera = sim.cameras[0]!;
  const onvif = await registerSimCamera(recorder, camera, 'Private', { mainOnly: true });
  const streamId = onvif.streams[0]!.id;
  // A Generic RTSP registration runs ffprobe against the camera's stream.
  const generic = await recorder.call<Camera>('POST', '/service/cameras', {
    driver: 'Generic RTSP',
    connection: { uri: camera.rtspUrls.sub, username: camera.username, password: CAMERA_PASSWORD },
    name: 'Private generic',
  });
  expect(generic.status, JSON.stringify(generic.body)).toBe(201);

  const archive = await waitFor('a closed segment', async () => {
    const reply = await recorder.call<ArchivesResponse>('GET', `/service/archives?streamId=${streamId}&take=100`);
    return reply.body.data.archives.find((a) => !a.active && a.end - a.start > 2_000);
  }, 150_000);
  for (const process of recorder.processes()) seen.add(process.args);

  const recording = [...seen].filter((args) => /(^|\/)ffmpeg\s/.test(args) && args.includes('.mkv'));
  expect(recording.length).toBeGreaterThan(0);
  expect(recording.every((args) => /rtsp:\/\/127\.0\.0\.1:\d+\/relay\//.test(args))).toBe(true);
  expect([...seen].some((args) => /(^|\/)ffprobe\s.*\/relay\//.test(args)), 'the Generic RTSP probe was seen going through the relay').toBe(true);
  const leaking = [...seen].filter((args) => args.includes(CAMERA_PASSWORD) || args.includes(encodeURIComponent(CAMERA_PASSWORD)));
  expect(leaking).toEqual([]);

  // The relay carries real video: the segment decodes.
  const segment = fs
    .readdirSync(path.join(recorder.dataDir), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.mkv'))
    .map((file) => path.join(recorder.dataDir, file))
    .sort()[0]!;
  const decoded = await decodeAll(segment);
  expect(decoded.frames).toBeGreaterThan(10);
  expect(archive.sizeBytes).toBeGreaterThan(0);
}, 240_000);
