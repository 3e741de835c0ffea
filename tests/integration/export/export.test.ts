/**
 * Export end to end: a simulated camera registered by ONVIF and recorded by
 * the recorder's own ingest for about 25 s, then exported as mkv and mov
 * through GET /service/streams/{id}/export and read back with ffprobe at the
 * right duration, its first frame's time strip at the requested start (at
 * most one GOP early), the camera's sound as long as the picture and in step
 * with it (G.711 as recorded in mkv, AAC in mov); the segment being written
 * included up to its last written second; HEAD, the 'no archives in the
 * region' 404, clear 4xx for bad input, and who may export by Bearer, sid
 * and JWT.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Archive } from '../../../server/shared/api';
import { MESSAGES } from '../../../server/shared/validation';
import { call, signIn, startRecorder, ticketFor, type RecorderProcess } from '../helpers/recorder-process';
import { waitFor } from '../recorder/helpers/media-recorder';
import { startSimulator } from '../recorder/helpers/simulator';
import { firstFrameTimeMs, probeMedia } from '../helpers/media-probe';
import { beepPhasesMs, beepsLineUp, probeAudio } from '../helpers/audio-probe';
import { roleTokens } from '../helpers/ops-recorder';
import { listArchives, registerRecordedCamera } from '../helpers/recorded-camera';

/** The simulator's keyframe interval (25 frames at 25 fps). */
const GOP_MS = 1000;
/** Slack for the index's clock estimate and a frame's duration. */
const SLACK_MS = 250;
const RECORD_MS = 25_000;

let sim: CameraSim;
let recorder: RecorderProcess;
let streamId: string;
let streamName: string;
let tokens: { admin: string; manager: string; viewer: string };
/** The index after about 25 s of recording, oldest first. */
let recorded: Archive[];
let firstStartMs: number;

beforeAll(async () => {
  [recorder, sim] = await Promise.all([startRecorder({ extraArgs: ['--max-export-hours', '1', '--log-level', 'warn'] }), startSimulator(1, { motion: false })]);
  tokens = await roleTokens(recorder.baseUrl);
  ({ streamId, streamName } = await registerRecordedCamera(recorder.baseUrl, tokens.admin, sim, 'Lobby "East"/Door'));
  recorded = await waitFor(
    `${RECORD_MS / 1000} s of recording`,
    async () => {
      const list = await listArchives(recorder.baseUrl, tokens.admin, streamId);
      return list.length > 0 && list.at(-1)!.end - list[0]!.start >= RECORD_MS ? list : undefined;
    },
    100_000,
  );
  firstStartMs = recorded[0]!.start;
}, 150_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  if (recorder) fs.rmSync(recorder.dataDir, { recursive: true, force: true });
});

const url = (query: string, id = streamId) => `${recorder.baseUrl}/service/streams/${id}/export?${query}`;

async function download(query: string, headers: Record<string, string> = {}): Promise<{ status: number; file: string; headers: Headers }> {
  const response = await fetch(url(query), { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const file = path.join(recorder.dataDir, `download-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(file, body);
  return { status: response.status, file, headers: response.headers };
}

describe('export', () => {
  it.each(['mkv', 'mov'] as const)('exports %s by stream copy: right duration, first frame at the start', async (format) => {
    const start = firstStartMs + 4_300;
    const stop = start + 15_000;
    const result = await download(`start=${start}&stop=${stop}&format=${format}`, { authorization: `Bearer ${tokens.manager}` });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe(format === 'mkv' ? 'video/x-matroska' : 'video/quicktime');
    const disposition = result.headers.get('content-disposition')!;
    expect(disposition).toMatch(new RegExp(`^attachment; filename="Lobby_East_Door-${streamName}-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-\\d{4}-[\\d-]+T[\\d-]+Z\\.${format}"`));
    const facts = await probeMedia(result.file);
    expect(facts.codec).toBe('h264');
    expect(facts.width).toBe(1280);
    expect(facts.formatName).toContain(format === 'mkv' ? 'matroska' : 'mov');
    // Entered at the keyframe at or before the start, left at the stop: up to one GOP longer.
    expect(facts.durationS * 1000).toBeGreaterThanOrEqual(15_000 - SLACK_MS);
    expect(facts.durationS * 1000).toBeLessThanOrEqual(15_000 + GOP_MS + SLACK_MS);
    // The header declares the length held (a piped mkv once declared its whole segments' length).
    expect(Math.abs(facts.declaredDurationS - facts.durationS) * 1000, `declared ${facts.declaredDurationS} s`).toBeLessThanOrEqual(GOP_MS);
    const shown = await firstFrameTimeMs(result.file);
    expect(shown).toBeDefined();
    expect(shown!).toBeLessThanOrEqual(start + SLACK_MS);
    expect(shown!).toBeGreaterThanOrEqual(start - GOP_MS - SLACK_MS);
    // The camera's sound comes along: as recorded in Matroska, as AAC in MOV, as long as the picture.
    const audio = await probeAudio(result.file);
    expect(audio).toMatchObject({ codec: format === 'mkv' ? 'pcm_mulaw' : 'aac', sampleRate: 8000, channels: 1 });
    expect(Math.abs(audio!.durationS - facts.durationS) * 1000, `sound ${audio!.durationS} s, picture ${facts.durationS} s`).toBeLessThanOrEqual(SLACK_MS + 200);
    const phases = await beepPhasesMs(result.file);
    expect(phases.length).toBeGreaterThanOrEqual(10);
    expect(beepsLineUp(phases, 60), `beeps at ${phases.map((p) => p.toFixed(0)).join(', ')} ms into their seconds`).toBe(true);
  });

  it('includes the segment being written up to its last written second', async () => {
    const before = (await listArchives(recorder.baseUrl, tokens.admin, streamId)).at(-1)!;
    expect(before.active).toBe(true);
    const start = before.end - 12_000;
    // A stop a little past now is clamped to now: the export ends where the recording is.
    const result = await download(`start=${start}&stop=${Date.now() + 2_000}`, { authorization: `Bearer ${tokens.manager}` });
    const answeredMs = Date.now();
    expect(result.status).toBe(200);
    const facts = await probeMedia(result.file);
    expect(facts.durationS * 1000).toBeGreaterThanOrEqual(before.end - start - SLACK_MS);
    expect(facts.durationS * 1000).toBeLessThanOrEqual(answeredMs - start + GOP_MS + SLACK_MS);
    expect(Math.abs(facts.declaredDurationS - facts.durationS) * 1000, `declared ${facts.declaredDurationS} s`).toBeLessThanOrEqual(GOP_MS);
  });

  it('HEAD answers whether archives exist; nothing recorded is 404 no archives in the region', async () => {
    const inside = `start=${firstStartMs + 1000}&stop=${firstStartMs + 12_000}`;
    const outside = `start=${firstStartMs - 600_000}&stop=${firstStartMs - 500_000}`;
    const auth = { authorization: `Bearer ${tokens.manager}` };
    expect((await fetch(url(inside), { method: 'HEAD', headers: auth })).status).toBe(200);
    expect((await fetch(url(outside), { method: 'HEAD', headers: auth })).status).toBe(404);
    const missing = await call<{ reason: string }>(recorder.baseUrl, 'GET', `/service/streams/${streamId}/export?${outside}`, { token: tokens.manager });
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('no archives in the region');
  });

  it('refuses bad input with clear 4xx and keeps running', async () => {
    const s = firstStartMs;
    const get = (query: string, id?: string) => call<{ code: string; reason: string }>(recorder.baseUrl, 'GET', new URL(url(query, id)).pathname + new URL(url(query, id)).search, { token: tokens.manager });
    const reversed = await get(`start=${s + 20_000}&stop=${s}`);
    expect([reversed.status, reversed.body.code]).toEqual([400, 'invalid-range']);
    const short = await get(`start=${s}&stop=${s + 9_000}`);
    expect([short.status, short.body.reason]).toEqual([400, MESSAGES.exportRangeTooShort]);
    const long = await get(`start=${s - 3_600_000}&stop=${s + 1}`);
    expect([long.status, long.body.code]).toEqual([400, 'export-range-too-long']);
    const future = await get(`start=${Date.now() + 60_000}&stop=${Date.now() + 120_000}`);
    expect([future.status, future.body.code]).toEqual([400, 'invalid-range']);
    expect((await get(`start=yesterday&stop=${s}`)).status).toBe(400);
    expect((await get(`start=${s}&stop=${s + 20_000}&format=avi`)).body.code).toBe('invalid-format');
    expect((await get(`start=${s}&stop=${s + 20_000}`, '..%2F..%2Frecorder.db')).status).toBe(400);
    expect((await get(`start=${s}&stop=${s + 20_000}`, 'no-such-stream')).status).toBe(404);
    expect((await fetch(`${recorder.baseUrl}/service/ping`)).status).toBe(200);
  });

  it('only roles with export may download: Bearer, or a ticket for this one stream in a download window', async () => {
    const q = `start=${firstStartMs + 1000}&stop=${firstStartMs + 12_000}`;
    expect((await download(q)).status).toBe(401);
    expect((await download(q, { authorization: `Bearer ${tokens.viewer}` })).status).toBe(403);
    // A session token in the URL opens nothing, whoever it belongs to.
    expect((await download(`${q}&sid=${tokens.admin}`)).status).toBe(401);
    // A Viewer cannot even ask for an export ticket.
    const viewerTicket = await call(recorder.baseUrl, 'POST', '/service/tickets', { token: tokens.viewer, json: { scope: 'export', resource: streamId } });
    expect(viewerTicket.status).toBe(403);

    const ticket = await ticketFor(recorder.baseUrl, tokens.manager, 'export', streamId);
    const byTicket = await download(`${q}&ticket=${ticket}`);
    expect(byTicket.status).toBe(200);
    expect((await probeMedia(byTicket.file)).durationS).toBeGreaterThan(10);
    // The ticket names its stream: another stream's export does not open with it.
    const elsewhere = await fetch(url(`${q}&ticket=${ticket}`, 'no-such-stream'));
    expect(elsewhere.status).toBe(401);
    // Nor does it open another kind of URL of the same stream.
    expect((await fetch(`${recorder.baseUrl}/service/streams/${streamId}/frame?ticket=${ticket}`)).status).toBe(401);
    expect((await download(`${q}&ticket=garbage`)).status).toBe(401);
    // Signing out ends what the session's tickets open.
    const managerToken = await signIn(recorder.baseUrl, 'manager', 'password');
    const lateTicket = await ticketFor(recorder.baseUrl, managerToken, 'export', streamId);
    expect((await call(recorder.baseUrl, 'DELETE', '/service/sessions/me', { token: managerToken })).status).toBe(204);
    expect((await download(`${q}&ticket=${lateTicket}`)).status).toBe(401);
  });
});
