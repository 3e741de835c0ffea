/**
 * System status's active stream status against a real recorder recording a
 * simulated ONVIF camera: state, retry count and recording health (spec 3,
 * 9), Restart (spec 4: 'restarting', then running again with the retry
 * counted and recording continuing in a new segment) and Verify, with roles
 * (Managers and Administrators only) and 404 for an unknown stream.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Archive, ArchivesResponse, StreamStatus, StreamStatusesResponse, StreamVerifyResult } from '../../../server/shared/api';
import { signIn } from '../helpers/recorder-process';
import { frameTimeAt } from './helpers/frames';
import { startMediaRecorder, waitFor, type MediaRecorder } from './helpers/media-recorder';
import { startSimulator } from './helpers/simulator';
import { registerSimCamera } from '../helpers/sim-camera';

let recorder: MediaRecorder;
let sim: CameraSim;
let streamId: string;
let cameraPath: string;
let viewer: string;
let manager: string;

beforeAll(async () => {
  [recorder, sim] = await Promise.all([startMediaRecorder(), startSimulator(1)]);
  const c = sim.cameras[0]!;
  streamId = (await registerSimCamera(recorder, c, 'Status', { mainOnly: true })).streams[0]!.id;
  cameraPath = new URL(c.rtspUrls.main).pathname;
  for (const [username, role] of [['status_viewer', 'Viewer'], ['status_manager', 'Manager']]) {
    expect((await recorder.call('POST', '/service/users', { username, password: 'pass-word', role })).status).toBe(201);
  }
  [viewer, manager] = await Promise.all([signIn(recorder.baseUrl, 'status_viewer', 'pass-word'), signIn(recorder.baseUrl, 'status_manager', 'pass-word')]);
});

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
});

async function status(): Promise<StreamStatus> {
  const reply = await recorder.call<StreamStatus>('GET', `/service/streams/${streamId}/status`);
  expect(reply.status).toBe(200);
  return reply.body;
}

async function archives(): Promise<Archive[]> {
  const reply = await recorder.call<ArchivesResponse>('GET', `/service/archives?streamId=${streamId}&take=100`);
  expect(reply.status).toBe(200);
  return reply.body.data.archives;
}

function fileOf(id: number): string {
  const db = new Database(path.join(recorder.dataDir, 'recorder.db'), { readonly: true, fileMustExist: true });
  try {
    return path.join(recorder.dataDir, (db.prepare('SELECT path FROM archives WHERE id = ?').get(id) as { path: string }).path);
  } finally {
    db.close();
  }
}

const recordingFfmpegs = () => recorder.ffmpegs(cameraPath).map((p) => p.pid);

describe('active stream status', () => {
  it('shows the stream running with a recent last archive and no issue once it records', async () => {
    const shown = await waitFor('the stream running with an archive', async () => {
      const s = await status();
      return s.streamState === 'running' && s.lastArchiveWritten !== null ? s : undefined;
    });
    expect(shown).toMatchObject({ id: streamId, retryCount: 0, lastArchiveWrittenIssue: false });
    expect(Date.now() - shown.lastArchiveWritten!).toBeLessThan(10_000);
    expect(shown.lastArchiveWrittenHumanized).toMatch(/^(just now|\d+ seconds? ago)$/);

    const list = await recorder.call<StreamStatusesResponse>('GET', '/service/streams/status?live=true');
    expect(list.status).toBe(200);
    expect(list.body.data.streams).toHaveLength(1);
    expect(list.body.data.streams[0]).toMatchObject({ id: streamId, streamState: 'running', lastArchiveWrittenIssue: false });
    expect(Object.keys(list.body.data.streams[0]!).sort()).toEqual(
      ['cameraId', 'id', 'lastArchiveWritten', 'lastArchiveWrittenHumanized', 'lastArchiveWrittenIssue', 'name', 'retryCount', 'streamState'],
    );
  });

  it('verify answers success for a recording stream, to a Manager too', async () => {
    for (const token of [recorder.token, manager]) {
      const reply = await recorder.call<StreamVerifyResult>('GET', `/service/streams/${streamId}/verify`, undefined, token);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: true, message: expect.stringMatching(/running and recording/) });
    }
  });

  it('restart shows restarting, then running again with the retry counted, and recording continues', async () => {
    const cut = await waitFor('an active segment of 3 s', async () => (await archives()).find((a) => a.active && a.end - a.start >= 3000));
    const [oldPid] = recordingFfmpegs();
    expect(oldPid).toBeDefined();
    const askedAtMs = Date.now();
    const reply = await recorder.call<StreamStatus>('POST', `/service/streams/${streamId}/restart`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: streamId, streamState: 'restarting', retryCount: 0 });
    // A second click while the restart is under way is not sent again.
    expect((await recorder.call<StreamStatus>('POST', `/service/streams/${streamId}/restart`)).body.streamState).toBe('restarting');
    expect((await status()).streamState).toBe('restarting');
    const list = await recorder.call<StreamStatusesResponse>('GET', '/service/streams/status');
    expect(list.body.data.streams.find((s) => s.id === streamId)?.streamState).toBe('restarting');

    const again = await waitFor('the stream running again', async () => {
      const s = await status();
      return s.streamState === 'running' ? s : undefined;
    });
    expect(again.retryCount).toBe(1);
    const pids = recordingFfmpegs();
    expect(pids).toHaveLength(1);
    expect(pids[0]).not.toBe(oldPid);

    // The segment being written was closed cleanly at the restart, and the next one follows it closely. The camera
    // replays its latest GOP (1 s) to a new session, so the next may begin with up to that much of what the closed one ends with.
    const closed = await waitFor('the cut segment closed', async () => (await archives()).find((a) => a.id === cut.id && !a.active));
    expect(closed.end).toBeGreaterThan(askedAtMs - 3000);
    expect(closed.end).toBeLessThan(askedAtMs + 3000);
    const next = await waitFor('a new active segment', async () => (await archives()).find((a) => a.active && a.start > closed.start && a.end - a.start >= 2000));
    expect(next.start).toBeGreaterThanOrEqual(closed.end - 1000);
    expect(next.start - closed.end).toBeLessThan(5000);
    // Its index times are the camera's: the first frame shows the capture time the index gives its start.
    const shownMs = await frameTimeAt(fileOf(next.id), 0);
    expect(Math.abs(shownMs! - next.start)).toBeLessThan(1000);
    const after = await status();
    expect(after.lastArchiveWritten).toBeGreaterThanOrEqual(next.end);
    expect(after.lastArchiveWrittenIssue).toBe(false);
    expect((await recorder.call<StreamVerifyResult>('GET', `/service/streams/${streamId}/verify`)).body.success).toBe(true);
  });

  it('a Viewer reads the status but gets 403 for restart and verify', async () => {
    expect((await recorder.call('GET', `/service/streams/${streamId}/status`, undefined, viewer)).status).toBe(200);
    expect((await recorder.call('POST', `/service/streams/${streamId}/restart`, undefined, viewer)).status).toBe(403);
    expect((await recorder.call('GET', `/service/streams/${streamId}/verify`, undefined, viewer)).status).toBe(403);
    expect((await status()).retryCount).toBe(1);
  });

  it('an unknown stream id is a 404', async () => {
    for (const [method, suffix] of [['GET', 'status'], ['POST', 'restart'], ['GET', 'verify']] as const) {
      const reply = await recorder.call<{ code: string }>(method, `/service/streams/no-such-stream/${suffix}`);
      expect(reply.status, `${method} ${suffix}`).toBe(404);
      expect(reply.body.code).toBe('stream-not-found');
    }
  });
});
