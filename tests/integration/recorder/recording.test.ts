/**
 * What is recorded is what the camera showed, when it showed it: segments
 * are indexed as they open (active) and close, and frames decoded from them
 * carry the simulator's burnt-in capture time matching the index time
 * (segment start + offset) within 1 s. The camera's sound (G.711 µ-law) is
 * recorded beside the video and lines up with it; a camera without sound is
 * recorded as video only. Also the archives API over them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Archive, ArchivesPerDayResponse, ArchivesResponse, Camera, StreamStatus } from '../../../server/shared/api';
import { frameTimeAt } from './helpers/frames';
import { startMediaRecorder, waitFor, type MediaRecorder } from './helpers/media-recorder';
import { startSimulator } from './helpers/simulator';
import { registerSimCamera } from '../helpers/sim-camera';
import { beepPhasesMs, beepsLineUp, probeAudio } from '../helpers/audio-probe';
import Database from 'better-sqlite3';
import path from 'node:path';

let recorder: MediaRecorder;
let sim: CameraSim;
let silentSim: CameraSim;
let camera: Camera;
let silentCamera: Camera;

beforeAll(async () => {
  [recorder, sim, silentSim] = await Promise.all([startMediaRecorder(), startSimulator(1), startSimulator(1, { audio: false })]);
  camera = await registerSimCamera(recorder, sim.cameras[0]!, 'Recorded');
  silentCamera = await registerSimCamera(recorder, silentSim.cameras[0]!, 'Recorded without sound', { mainOnly: true });
});

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  await silentSim?.stop();
});

async function archives(streamId: string): Promise<Archive[]> {
  const reply = await recorder.call<ArchivesResponse>('GET', `/service/archives?streamId=${streamId}&take=100&start=0`);
  expect(reply.status).toBe(200);
  return reply.body.data.archives;
}

function fileOf(id: number): string {
  const db = new Database(path.join(recorder.dataDir, 'recorder.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT path FROM archives WHERE id = ?').get(id) as { path: string };
    return path.join(recorder.dataDir, row.path);
  } finally {
    db.close();
  }
}

async function expectFramesMatchIndex(segment: Archive, offsetsS: number[]): Promise<void> {
  const file = fileOf(segment.id);
  for (const offsetS of offsetsS) {
    const shown = await frameTimeAt(file, offsetS);
    expect(shown, `time strip at ${offsetS} s of segment ${segment.id}`).toBeDefined();
    expect(Math.abs(shown! - (segment.start + offsetS * 1000)), `offset ${offsetS} s of segment ${segment.id}`).toBeLessThan(1000);
  }
}

describe('recording', () => {
  it('indexes the segment being written as active and keeps its end moving', async () => {
    const streamId = camera.streams[0]!.id;
    const first = await waitFor('an active segment with video', async () => {
      const list = await archives(streamId);
      return list.find((a) => a.active && a.end - a.start > 3000);
    });
    const later = await waitFor('the active segment to grow', async () => {
      const again = (await archives(streamId)).find((a) => a.id === first.id);
      return again && (again.end > first.end || !again.active) ? again : undefined;
    });
    // The start is refined as the clock estimate improves, by milliseconds, never moved.
    expect(Math.abs(later.start - first.start)).toBeLessThan(200);
    const status = await recorder.call<StreamStatus>('GET', `/service/streams/${streamId}/status`);
    expect(status.body).toMatchObject({ streamState: 'running', retryCount: 0 });
    expect(status.body.lastArchiveWritten).toBeGreaterThanOrEqual(first.end);
  });

  it('decodes to frames whose time strip matches the index time within 1 s (active and closed segments)', async () => {
    const streamId = camera.streams[0]!.id;
    // Matroska clusters are written every second: give a just-opened segment a few.
    const active = await waitFor('an active segment of 3 s', async () => (await archives(streamId)).find((a) => a.active && a.end - a.start >= 3000));
    // The active file plays up to its last second: a frame 1 s before the indexed end is there.
    const activeSeconds = (active.end - active.start) / 1000;
    await expectFramesMatchIndex(active, [0, Math.max(0, activeSeconds - 1.5)]);

    // Segments close at the first keyframe after each wall-clock minute.
    const closed = await waitFor(
      'a closed segment and the next one open',
      async () => {
        const list = await archives(streamId);
        return list.length >= 2 && !list[0]!.active && list[1]!.end - list[1]!.start >= 2000 ? list : undefined;
      },
      90_000,
    );
    const [done, next] = closed;
    expect(done!.active).toBe(false);
    // Back to back, never overlapping.
    expect(next!.start - done!.end).toBeLessThan(1000);
    expect(next!.start).toBeGreaterThanOrEqual(done!.end);
    const seconds = (done!.end - done!.start) / 1000;
    await expectFramesMatchIndex(done!, [0, seconds / 2, Math.max(0, seconds - 1)]);
    await expectFramesMatchIndex(next!, [0]);
    // A closed segment ends in the minute after it started (cut at a minute boundary).
    // The index reads the cut through the clock anchor (within a second, as above), so it may fall just before the minute.
    const intoMinuteS = (done!.end % 60_000) / 1000;
    expect(Math.min(intoMinuteS, 60 - intoMinuteS)).toBeLessThan(5);
  });

  it('records the sub stream too and answers minutes per day', async () => {
    const ids = camera.streams.map((s) => s.id);
    const sub = (await archives(ids[1]!)).filter((a) => a.end - a.start >= 3000);
    expect(sub.length).toBeGreaterThan(0);
    await expectFramesMatchIndex(sub[0]!, [1]);
    const recordedMinutes = async () => {
      const all = [...(await archives(ids[0]!)), ...(await archives(ids[1]!))];
      return all.reduce((sum, a) => sum + (a.end - a.start), 0) / 60_000;
    };
    const before = await recordedMinutes();
    const perDay = await recorder.call<ArchivesPerDayResponse>('GET', `/service/archives/per-day?ids=${ids.join(',')}`);
    const after = await recordedMinutes();
    expect(perDay.status).toBe(200);
    expect(perDay.body.streamsCount).toBe(2);
    const minutes = Object.values(perDay.body.archivesPerDay).reduce((a, b) => a + b, 0);
    expect(minutes).toBeGreaterThan(0);
    expect(minutes).toBeGreaterThanOrEqual(before - 0.2);
    expect(minutes).toBeLessThanOrEqual(after + 0.2);
    expect((await recorder.call('GET', '/service/archives')).status).toBe(400);
  });

  it('records the sound beside the video: G.711 µ-law 8 kHz as long as the picture, its beeps on whole seconds of the time strip', async () => {
    const streamId = camera.streams[0]!.id;
    const active = await waitFor('an active segment of 4 s', async () => (await archives(streamId)).find((a) => a.active && a.end - a.start >= 4000));
    const file = fileOf(active.id);
    const audio = await probeAudio(file);
    expect(audio).toMatchObject({ codec: 'pcm_mulaw', sampleRate: 8000, channels: 1 });
    // The file being written: its sound reaches about as far as its picture (clusters of 1 s).
    const videoS = (active.end - active.start) / 1000;
    expect(audio!.durationS).toBeGreaterThan(videoS - 2);
    const phases = await beepPhasesMs(file);
    expect(phases.length).toBeGreaterThanOrEqual(2);
    expect(beepsLineUp(phases, 60), `beeps at ${phases.map((p) => p.toFixed(0)).join(', ')} ms into their seconds`).toBe(true);
    // With the sound in the file the picture keeps the index's times.
    await expectFramesMatchIndex(active, [1, 3]);
  });

  it('records a camera without sound as video only', async () => {
    const streamId = silentCamera.streams[0]!.id;
    const active = await waitFor('an active segment of 3 s', async () => (await archives(streamId)).find((a) => a.active && a.end - a.start >= 3000));
    expect(await probeAudio(fileOf(active.id))).toBeUndefined();
    await expectFramesMatchIndex(active, [1]);
  });
});
