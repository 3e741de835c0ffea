/**
 * Camera recovery (spec 2, 5, 7): a registered camera moves to another port
 * (its simulator stops and the same camera, same name and serial, comes up
 * elsewhere). While it is away, a settings change cannot reach it and is
 * answered as an error with nothing changed; discovery at the new address
 * shows it as not registered. PATCH /service/cameras/{id} with the new
 * connection re-reads it: the camera keeps its id, its streams keep theirs
 * and their archives, discovery marks it registered, and recording goes on
 * from the new address. A recovery pointed at nothing changes nothing.
 * While the camera is away its retries start no ffmpeg: nothing answers
 * at the old address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera, DiscoveredCamerasResponse, ServerAbout, Stream, VersionInfo } from '../../../server/shared/api';
import { freePort } from '../helpers/free-port';
import { listArchives, registerRecordedCamera } from '../helpers/recorded-camera';
import { startMediaRecorder, waitFor, type MediaRecorder } from './helpers/media-recorder';
import { startSimulator } from './helpers/simulator';

let recorder: MediaRecorder;
let before: CameraSim | undefined;
let after: CameraSim | undefined;

beforeAll(async () => {
  [recorder, before] = await Promise.all([startMediaRecorder({ extraArgs: ['--segment-seconds', '10'] }), startSimulator(1)]);
});

afterAll(async () => {
  await recorder?.stop();
  await before?.stop();
  await after?.stop();
});

/** Spec 5: recovery needs server version 2.2.2 or later. */
function atLeast(version: string, wanted: [number, number, number]): boolean {
  const parts = version.split(/[.-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) if ((parts[i] ?? 0) !== wanted[i]) return (parts[i] ?? 0) > wanted[i]!;
  return true;
}

describe('recovering a camera that moved', () => {
  it('reports a server version that supports recovery', async () => {
    const version = await recorder.call<VersionInfo>('GET', '/service/version');
    const about = await recorder.call<ServerAbout>('GET', '/service/about');
    expect(atLeast(version.body.version, [2, 2, 2])).toBe(true);
    expect(about.body.version).toBe(version.body.version);
  });

  it('keeps the camera, its streams and archives, and records from the new address', async () => {
    const { cameraId, streamId } = await registerRecordedCamera(recorder.baseUrl, recorder.token, before!, 'Moving camera');
    const old = await waitFor('a finished segment', async () => (await listArchives(recorder.baseUrl, recorder.token, streamId)).find((a) => !a.active));
    const original = (await recorder.call<Camera>('GET', `/service/cameras/${cameraId}`)).body;

    const awayFrom = recorder.output().length;
    await before!.stop();
    before = undefined;
    after = await startSimulator(1);
    const moved = after.cameras[0]!;
    expect(moved.onvifUrl).not.toBe(original.configuration.BaseUri);

    // Away: nothing answers at the old address, so each retry fails at the connection and starts no ffmpeg
    // (the run that was up when the camera went is the only one that ends as an ffmpeg).
    const awayLines = await waitFor('two retries that found the camera unreachable', async () => {
      const lines = recorder.output().slice(awayFrom).split('\n').filter((line) => line.includes(`stream ${streamId}:`));
      return lines.filter((line) => line.includes('no ffmpeg started: The camera could not be reached')).length >= 2 ? lines : undefined;
    });
    expect(awayLines.filter((line) => line.includes('ffmpeg ended')).length).toBeLessThanOrEqual(1);
    expect((await recorder.call<Stream>('GET', `/service/streams/${streamId}`)).body.status.streamState).toBe('restarting');

    // Away: a settings change cannot reach the camera; it is refused and nothing is stored.
    const refused = await recorder.call<{ code: string; reason: string }>('PATCH', `/service/cameras/${cameraId}/streams/${streamId}`, {
      configuration: { Video: { FrameRate: 12 } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'camera-unreachable' });
    expect(refused.body.reason).toBeTruthy();
    expect((await recorder.call<Stream>('GET', `/service/streams/${streamId}`)).body.configuration.Video?.FrameRate).toBe(25);

    const discoverAt = `/service/discoverable/cameras?ip=127.0.0.1:${moved.discoveryPort}`;
    const unknown = await recorder.call<DiscoveredCamerasResponse>('GET', discoverAt);
    expect(unknown.body.data.cameras).toEqual([expect.objectContaining({ url: moved.onvifUrl, ip: '127.0.0.1', configured: true, registered: false })]);
    expect(decodeURIComponent(unknown.body.data.cameras[0]!.name)).toContain('cam1');

    // A recovery pointed at nothing changes nothing.
    const nowhere = await recorder.call<{ code: string }>('PATCH', `/service/cameras/${cameraId}`, {
      connection: { uri: `http://127.0.0.1:${await freePort()}/onvif/device_service` },
    });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.code).toBe('camera-unreachable');
    expect((await recorder.call<Camera>('GET', `/service/cameras/${cameraId}`)).body.configuration.BaseUri).toBe(original.configuration.BaseUri);

    const recovered = await recorder.call<Camera>('PATCH', `/service/cameras/${cameraId}`, {
      connection: { uri: moved.onvifUrl, username: moved.username, password: moved.password },
    });
    expect(recovered.status).toBe(200);
    expect(recovered.body.id).toBe(cameraId);
    expect(recovered.body.configuration.BaseUri).toBe(moved.onvifUrl);
    expect(recovered.body.streams.map((s) => s.id)).toEqual(original.streams.map((s) => s.id));
    expect(recovered.body.streams[0]!.recordingStyle).toBe('continuous');
    expect(JSON.stringify(recovered.body)).not.toContain(moved.password);

    const known = await recorder.call<DiscoveredCamerasResponse>('GET', discoverAt);
    expect(known.body.data.cameras).toEqual([expect.objectContaining({ url: moved.onvifUrl, registered: true })]);

    // The old archives stay listed, and new ones follow from the new address.
    const archives = await listArchives(recorder.baseUrl, recorder.token, streamId);
    expect(archives.map((a) => a.id)).toContain(old.id);
    const lastBefore = Math.max(...archives.map((a) => a.id));
    const fresh = await waitFor(
      'a segment recorded from the new address',
      async () => (await listArchives(recorder.baseUrl, recorder.token, streamId)).find((a) => a.id > lastBefore && !a.active),
      90_000,
    );
    expect(fresh.start).toBeGreaterThan(old.start);
    expect((await recorder.call<Stream>('GET', `/service/streams/${streamId}`)).body.status.streamState).toBe('running');
  });
});
