/**
 * The System report on a real recorder (GET /service/server/report, spec 2,
 * 3, 7): a simulated camera registered by ONVIF is recorded by the
 * recorder's own ingest for about 20 s; the report of the minutes since the
 * recorder started lists its stream with bytes, and seconds of video close
 * to the wall time it recorded (a generous bound, not a timing check), and
 * holds the events that happened: the start, the stream coming up, the
 * admin's sign-in and a refused one (whose tried password appears nowhere),
 * and a restart from System status. A range before the start has no events
 * and zero stats; a stop not after start is a 400; a Viewer is refused; the
 * controlled stop is recorded too.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { ServerReport, StreamStatus } from '../../../server/shared/api';
import { call, startRecorder, type RecorderProcess } from '../helpers/recorder-process';
import { waitFor } from '../recorder/helpers/media-recorder';
import { startSimulator } from '../recorder/helpers/simulator';
import { roleTokens } from '../helpers/ops-recorder';
import { listArchives, registerRecordedCamera, type RecordedCamera } from '../helpers/recorded-camera';

const RECORD_MS = 20_000;
const PROBE_ACCOUNT = 'report-probe-7c1e';
const TRIED_PASSWORD = 'Tried-pw-2b9d-never-reported';

let sim: CameraSim;
let recorder: RecorderProcess;
let camera: RecordedCamera;
let tokens: { admin: string; manager: string; viewer: string };
let beforeStartMs: number;
let registeredMs: number;

const report = (start: number, stop: number, token = tokens.admin) =>
  call<ServerReport>(recorder.baseUrl, 'GET', `/service/server/report?start=${start}&stop=${stop}`, { token });

beforeAll(async () => {
  beforeStartMs = Date.now();
  [recorder, sim] = await Promise.all([startRecorder({ extraArgs: ['--log-level', 'warn'] }), startSimulator(1, { motion: true })]);
  tokens = await roleTokens(recorder.baseUrl);
  const refused = await call(recorder.baseUrl, 'POST', '/service/sessions/user', { json: { username: PROBE_ACCOUNT, password: TRIED_PASSWORD } });
  expect(refused.status).toBe(401);
  registeredMs = Date.now();
  camera = await registerRecordedCamera(recorder.baseUrl, tokens.admin, sim, 'Report Lobby');
  await waitFor(
    `${RECORD_MS / 1000} s of recording`,
    async () => {
      const list = await listArchives(recorder.baseUrl, tokens.admin, camera.streamId);
      return list.length > 0 && list.at(-1)!.end - list[0]!.start >= RECORD_MS ? true : undefined;
    },
    100_000,
  );
}, 150_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  if (recorder) fs.rmSync(recorder.dataDir, { recursive: true, force: true });
});

it('lists the recorded stream with its bytes and about the seconds it recorded', async () => {
  const stopMs = Date.now();
  const reply = await report(beforeStartMs, stopMs);
  expect(reply.status).toBe(200);
  expect(reply.body.cameras).toHaveLength(1);
  const [listed] = reply.body.cameras;
  expect(listed).toMatchObject({ id: camera.cameraId, name: 'Report Lobby' });
  expect(listed!.streams.map((s) => s.id)).toEqual([camera.streamId]);
  const stream = listed!.streams[0]!;
  expect(stream.name).toBe(camera.streamName);
  expect(stream.bytesRecorded).toBeGreaterThan(0);
  // Recording began after registration (ONVIF, then the first segment), so less than the time since.
  const elapsedS = (stopMs - registeredMs) / 1000;
  expect(stream.secondsRecorded).toBeGreaterThan(0.3 * elapsedS);
  expect(stream.secondsRecorded).toBeLessThan(1.1 * elapsedS);
  expect(stream.secondsOfMotion).toBeGreaterThanOrEqual(0);
  expect(stream.secondsOfMotion).toBeLessThanOrEqual(stream.secondsRecorded + 1);
});

it('holds the start, the stream coming up and the sign-ins, never the password tried', async () => {
  const reply = await report(beforeStartMs, Date.now() + 1);
  expect(reply.status).toBe(200);
  const { orchidEvents, streamEvents } = reply.body;
  const types = orchidEvents.map((e) => e.type);
  expect(types[0]).toBe('server-started');
  expect(orchidEvents.some((e) => e.type === 'sign-in' && e.message.includes("'admin'"))).toBe(true);
  const failed = orchidEvents.filter((e) => e.type === 'sign-in-failed');
  expect(failed).toHaveLength(1);
  expect(failed[0]!.message).toContain(PROBE_ACCOUNT);
  const up = streamEvents.find((e) => e.type === 'stream-up' && e.streamId === camera.streamId);
  expect(up?.message).toContain("camera 'Report Lobby'");
  for (const list of [orchidEvents, streamEvents]) {
    const whens = list.map((e) => e.when);
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
    for (const when of whens) expect(when).toBeGreaterThanOrEqual(beforeStartMs);
  }
  const text = JSON.stringify(reply.body);
  expect(text.includes(TRIED_PASSWORD)).toBe(false);
  expect(text.includes('secret')).toBe(false);
  expect(text.includes(sim.cameras[0]!.password)).toBe(false);
});

it('records a restart from System status, and the stream coming up again', async () => {
  const restartedMs = Date.now();
  const restarted = await call<StreamStatus>(recorder.baseUrl, 'POST', `/service/streams/${camera.streamId}/restart`, { token: tokens.manager });
  expect(restarted.status).toBe(200);
  const events = await waitFor('the stream up again after the restart', async () => {
    const { streamEvents } = (await report(restartedMs, Date.now() + 1)).body;
    return streamEvents.some((e) => e.type === 'stream-up') ? streamEvents : undefined;
  });
  // A restart slower than 10 s would also leave an 'archive-gap' between the two, rightly; it is not what this checks.
  const told = events.filter((e) => e.type !== 'archive-gap');
  expect(told.map((e) => e.type)).toEqual(['stream-restarted', 'stream-up']);
  expect(told[0]).toMatchObject({ streamId: camera.streamId });
  expect(told[0]!.message).toMatch(/^Stream '.*' of camera 'Report Lobby' was restarted/);
  expect(told[1]!.message).toMatch(/is recording again\.$/);
});

it('has no events and zero stats for a range before the recorder started, the camera still listed', async () => {
  const reply = await report(beforeStartMs - 3_600_000, beforeStartMs - 1);
  expect(reply.status).toBe(200);
  expect(reply.body.orchidEvents).toEqual([]);
  expect(reply.body.streamEvents).toEqual([]);
  expect(reply.body.cameras[0]!.streams).toEqual([{ id: camera.streamId, name: camera.streamName, bytesRecorded: 0, secondsRecorded: 0, secondsOfMotion: 0 }]);
});

it('refuses a stop not after start, a span over a year and bad numbers with a 400', async () => {
  const now = Date.now();
  for (const [start, stop] of [
    [now, now],
    [now, now - 1000],
  ]) {
    const reply = await report(start!, stop!);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('stop must be after start');
  }
  expect((await report(0, now)).status).toBe(400);
  const malformed = await call(recorder.baseUrl, 'GET', '/service/server/report?start=abc&stop=1', { token: tokens.admin });
  expect(malformed.status).toBe(400);
  expect((await call(recorder.baseUrl, 'GET', '/service/server/report', { token: tokens.admin })).status).toBe(400);
});

it('answers a Manager, refuses a Viewer and an anonymous caller', async () => {
  const now = Date.now();
  expect((await report(now - 60_000, now, tokens.manager)).status).toBe(200);
  expect((await report(now - 60_000, now, tokens.viewer)).status).toBe(403);
  expect((await fetch(`${recorder.baseUrl}/service/server/report?start=${now - 60_000}&stop=${now}`)).status).toBe(401);
});

it('records the controlled stop', async () => {
  await recorder.stop();
  const db = new Database(path.join(recorder.dataDir, 'recorder.db'), { readonly: true, fileMustExist: true });
  try {
    const last = db.prepare("SELECT type FROM system_events WHERE kind = 'orchid' ORDER BY when_ms DESC, id DESC LIMIT 1").get();
    expect(last).toEqual({ type: 'server-stopped' });
  } finally {
    db.close();
  }
});
