/**
 * A federation whose clocks differ, on one machine: a real recorder started
 * with --clock-offset-seconds 120 (its clock two minutes ahead of the
 * machine's), behind a real aggregator. The recorder tells its own time
 * (GET /service/time, time-extended) and stamps its recordings with it; the
 * aggregator reads that clock around the recorder's time call alone and
 * answers it in GET /service/orchids/time (spec 3: offset, tz, tzOffset).
 *
 * Every check is an interval that holds the truth whatever the load: the
 * recorder reads the machine's clock plus 120 s somewhere between our
 * request and its answer, and the aggregator's offset is right to within
 * half the round trip it reports.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchivesResponse, CamerasResponse, OrchidsTimeResponse, TimeExtendedResponse } from '../../../server/shared/api';
import { registerRecorder, startAggregator, type AggregatorProcess } from '../helpers/aggregator-process';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

const AHEAD_MS = 120_000;
const RECORDER_PASSWORD = 'clock-Ahead-120';
let recorder: RecorderProcess;
let aggregator: AggregatorProcess;
let admin: string;
let orchidId: string;
/** The machine's clock before the recorder started: nothing it records can be earlier, on its own clock plus 120 s. */
let launchedMs: number;

beforeAll(async () => {
  launchedMs = Date.now();
  [recorder, aggregator] = await Promise.all([
    startRecorder({ adminPassword: RECORDER_PASSWORD, demoCameras: 1, extraArgs: ['--clock-offset-seconds', String(AHEAD_MS / 1000)] }),
    startAggregator({ extraArgs: ['--health-interval-seconds', '1'] }),
  ]);
  admin = await signIn(aggregator.baseUrl, 'admin', 'secret');
  orchidId = (await registerRecorder(aggregator.baseUrl, admin, { name: 'Ahead', uri: recorder.baseUrl, password: RECORDER_PASSWORD })).id;
}, 180_000);

afterAll(async () => {
  await Promise.all([aggregator?.stop(), recorder?.stop()]);
  if (aggregator) fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
  if (recorder) fs.rmSync(recorder.dataDir, { recursive: true, force: true });
});

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not come in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('a recorder whose clock runs 120 s ahead, behind an aggregator', () => {
  it('tells its own time: the machine clock plus 120 s', async () => {
    const token = await signIn(recorder.baseUrl, 'admin', RECORDER_PASSWORD);
    const beforeMs = Date.now();
    const reply = await call<TimeExtendedResponse>(recorder.baseUrl, 'GET', '/service/time-extended', { token });
    const afterMs = Date.now();
    expect(reply.status).toBe(200);
    expect(reply.body.time).toBeGreaterThanOrEqual(beforeMs + AHEAD_MS);
    expect(reply.body.time).toBeLessThanOrEqual(afterMs + AHEAD_MS);
  });

  it('is answered by GET /service/orchids/time with its offset against the aggregator, its round trip, tz and tzOffset', async () => {
    const token = await signIn(recorder.baseUrl, 'admin', RECORDER_PASSWORD);
    const zone = (await call<TimeExtendedResponse>(recorder.baseUrl, 'GET', '/service/time-extended', { token })).body;
    const clock = await waitFor('the recorder clock', async () => {
      const reply = await call<OrchidsTimeResponse>(aggregator.baseUrl, 'GET', '/service/orchids/time', { token: admin });
      expect(reply.status).toBe(200);
      expect(typeof reply.body.time).toBe('number');
      const entry = reply.body.orchids.find((orchid) => orchid.id === orchidId);
      return entry?.offset === null ? undefined : entry;
    });
    // The aggregator and the recorder share this machine's clock: the true offset is exactly 120 s, and the
    // reading is right to within half its round trip (and the millisecond both clocks are read in).
    expect(clock.roundTripMs).not.toBeNull();
    expect(Math.abs(clock.offset! - AHEAD_MS)).toBeLessThanOrEqual(clock.roundTripMs! / 2 + 1);
    expect(clock.tz).toBe(zone.tz);
    expect(clock.tzOffset).toBe(zone.tzOffset);
    expect(clock.time! - clock.measuredAt!).toBeGreaterThan(AHEAD_MS - clock.roundTripMs! - 1);
  });

  it('needs a session: the clocks are not public', async () => {
    const reply = await call(aggregator.baseUrl, 'GET', '/service/orchids/time');
    expect(reply.status).toBe(401);
  });

  it('stamps its recordings with its own clock, as the aggregator lists them', async () => {
    const proxy = `/service/orchid-proxy/${encodeURIComponent(orchidId)}`;
    const streamId = await waitFor('a running camera', async () => {
      const reply = await call<CamerasResponse>(aggregator.baseUrl, 'GET', '/service/cameras', { token: admin });
      return reply.body?.data?.cameras?.find((camera) => camera.orchidId === orchidId && camera.primaryStream?.status.streamState === 'running')
        ?.primaryStream?.id;
    });
    const archive = await waitFor('a recording', async () => {
      const reply = await call<ArchivesResponse>(aggregator.baseUrl, 'GET', `${proxy}/service/archives?streamId=${encodeURIComponent(streamId)}&start=0&take=10`, {
        token: admin,
      });
      return reply.body?.data?.archives?.find((row) => row.end > row.start);
    });
    // Recorded after the recorder started: on its clock that is at least the launch plus 120 s, and at most now plus 120 s.
    expect(archive.start).toBeGreaterThanOrEqual(launchedMs + AHEAD_MS);
    expect(archive.end).toBeLessThanOrEqual(Date.now() + AHEAD_MS);
  });
});
