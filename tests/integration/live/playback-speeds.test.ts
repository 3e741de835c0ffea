/**
 * Recorded playback at other speeds than 1, against a real recorder
 * recording a real simulated camera, judged by the capture time burnt into
 * the pictures (the simulator's time strip), never by machine speed:
 * - WebRTC at 16x (a werift viewer receives the RTP): the capture time of
 *   the pictures received advances about 16 s per second of receiving;
 * - low bandwidth at -4x: the capture times of successive pictures go back,
 *   at about 4 s per second;
 * - frame stepping on /frame: a step back answers the frame one frame
 *   (40 ms at 25 fps) earlier, a step forward the next one, with its time
 *   in X-Frame-Time; across a request made with that time again.
 * Bands are wide on purpose: the machine is shared and slow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateLowBandwidthStreamResponse } from '../../../server/shared/api';
import { call, ticketFor } from '../helpers/recorder-process';
import { firstPictureAsJpeg, jpegCaptureTime } from './helpers/jpeg-probe';
import { type LiveRig, startLiveRig } from './helpers/live-rig';
import { JsonSocket, WeriftViewer } from './helpers/signaling-client';

let rig: LiveRig;

beforeAll(async () => {
  rig = await startLiveRig({ recordedMs: 40_000 });
}, 180_000);

afterAll(async () => {
  await rig?.stop();
});

const wsUrl = (path: string, ticket: string) => `${rig.baseUrl.replace('http', 'ws')}${path}?ticket=${encodeURIComponent(ticket)}`;

async function recordedStart(): Promise<number> {
  const archives = await rig.archives();
  return archives.reduce((min, a) => Math.min(min, a.start), Infinity);
}

/** Slope of capture time over wall time, least squares (robust to one late picture). */
function slope(points: Array<{ wallMs: number; captureMs: number }>): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.wallMs, 0) / n;
  const my = points.reduce((s, p) => s + p.captureMs, 0) / n;
  const num = points.reduce((s, p) => s + (p.wallMs - mx) * (p.captureMs - my), 0);
  const den = points.reduce((s, p) => s + (p.wallMs - mx) ** 2, 0);
  return num / den;
}

describe('playback speeds', () => {
  it('plays 16x over WebRTC: capture time runs about 16 s per second', { timeout: 120_000 }, async () => {
    const time = (await recordedStart()) + 2000;
    const socket = await JsonSocket.open(wsUrl('/service/streams/webrtc', await ticketFor(rig.baseUrl, rig.token, 'webrtc')));
    const viewer = new WeriftViewer(socket);
    socket.send({ type: 'create', streamId: rig.streamId, time, rate: 16, waitThres: 32_000, messageId: 1 });
    await viewer.answerOffer();
    await viewer.waitForUnits(24, 60_000);
    socket.close();
    await viewer.close();
    const keyframes = viewer.units.filter((u) => u.keyframe);
    // 16x sends keyframes only (a browser could not decode 400 pictures a second): no non-IDR slice (NAL 1) at all.
    // (A keyframe whose packets were lost on a loaded machine arrives as a partial unit; that is not a P-frame.)
    expect(viewer.units.filter((u) => u.nalus.some((nalu) => (nalu[0]! & 0x1f) === 1))).toEqual([]);
    const points: Array<{ wallMs: number; captureMs: number }> = [];
    for (const unit of keyframes.slice(0, 24)) {
      const annexB = Buffer.concat(unit.nalus.flatMap((nalu) => [Buffer.from([0, 0, 0, 1]), Buffer.from(nalu)]));
      const captureMs = await jpegCaptureTime(await firstPictureAsJpeg(annexB));
      if (captureMs !== undefined) points.push({ wallMs: unit.receivedMs, captureMs });
    }
    expect(points.length).toBeGreaterThan(10);
    for (let i = 1; i < points.length; i++) expect(points[i]!.captureMs).toBeGreaterThan(points[i - 1]!.captureMs);
    const speed = slope(points);
    expect(speed).toBeGreaterThan(8);
    expect(speed).toBeLessThan(32);
  });

  it('plays -4x over low bandwidth: capture times go back about 4 s per second', { timeout: 120_000 }, async () => {
    const startTime = (await recordedStart()) + 30_000;
    const created = await call<CreateLowBandwidthStreamResponse>(rig.baseUrl, 'POST', '/service/low-bandwidth/streams', {
      token: rig.token,
      json: { streamId: rig.streamId, resolution: { width: 640, height: 360 }, startTime, rate: 20, speed: -4, waitThres: 8000, transport: 'websocket-base64' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const socket = await JsonSocket.open(wsUrl(`/service/low-bandwidth/streams/${id}/ws`, await ticketFor(rig.baseUrl, rig.token, 'low-bandwidth', id)));
    const points: Array<{ wallMs: number; captureMs: number }> = [];
    const pictures: Array<{ wallMs: number; jpeg: Buffer }> = [];
    const until = Date.now() + 4000;
    while (Date.now() < until || pictures.length < 8) {
      socket.send({ type: 'requestFrame' });
      const base64 = await socket.next<string>((m) => typeof m === 'string', 30_000);
      pictures.push({ wallMs: Date.now(), jpeg: Buffer.from(base64, 'base64') });
    }
    socket.close();
    await call(rig.baseUrl, 'DELETE', `/service/low-bandwidth/streams/${id}`, { token: rig.token });
    for (const { wallMs, jpeg } of pictures) {
      const captureMs = await jpegCaptureTime(jpeg);
      if (captureMs !== undefined) points.push({ wallMs, captureMs });
    }
    expect(points.length).toBeGreaterThan(6);
    expect(points[0]!.captureMs).toBeLessThanOrEqual(startTime + 200);
    expect(points[0]!.captureMs).toBeGreaterThan(startTime - 3000);
    for (let i = 1; i < points.length; i++) expect(points[i]!.captureMs).toBeLessThan(points[i - 1]!.captureMs);
    const speed = slope(points);
    expect(speed).toBeLessThan(-2);
    expect(speed).toBeGreaterThan(-8);
  });

  it('refuses a zero or out-of-range speed', async () => {
    const base = { streamId: rig.streamId, resolution: { width: 320, height: 180 }, startTime: (await recordedStart()) + 5000, transport: 'websocket-base64' };
    for (const speed of [0, 65, -100]) {
      const reply = await call<{ code: string }>(rig.baseUrl, 'POST', '/service/low-bandwidth/streams', { token: rig.token, json: { ...base, speed } });
      expect(reply.status).toBe(400);
    }
  });

  it('steps one recorded frame back and forward, frame-accurately', { timeout: 60_000 }, async () => {
    const time = (await recordedStart()) + 10_020;
    const step = async (at: number, direction: number) => {
      const reply = await fetch(`${rig.baseUrl}/service/streams/${rig.streamId}/frame?time=${at}&step=${direction}&width=640`, {
        headers: { authorization: `Bearer ${rig.token}` },
      });
      expect(reply.status, reply.status === 200 ? '' : await reply.text()).toBe(200);
      const frameTime = Number(reply.headers.get('x-frame-time'));
      return { frameTime, shown: await jpegCaptureTime(Buffer.from(await reply.arrayBuffer())) };
    };
    const back = await step(time, -1);
    const forward = await step(back.frameTime, 1);
    const forwardAgain = await step(forward.frameTime, 1);
    const backAgain = await step(forwardAgain.frameTime, -1);
    // One frame is 40 ms at 25 fps, in the file's times and in the picture's burnt-in time. 10 s after the start the
    // steps may cross a segment boundary: consecutive segments of a run meet to the ms (clock-anchor.ts, held anchor).
    expect(forward.frameTime - back.frameTime).toBe(40);
    expect(forwardAgain.frameTime - forward.frameTime).toBe(40);
    expect(backAgain.frameTime).toBe(forward.frameTime);
    expect(back.frameTime).toBeLessThanOrEqual(time);
    expect(back.frameTime).toBeGreaterThan(time - 90);
    expect(Math.abs(forward.shown! - back.shown! - 40)).toBeLessThanOrEqual(5);
    expect(Math.abs(forwardAgain.shown! - forward.shown! - 40)).toBeLessThanOrEqual(5);
    expect(backAgain.shown).toBe(forward.shown);

    // Paused at live: the time is now, just past what is written; a step back is the last frames recorded.
    const now = Date.now();
    const fromLive = await step(now, -1);
    expect(fromLive.frameTime).toBeLessThanOrEqual(now);
    expect(fromLive.frameTime).toBeGreaterThan(now - 15_000);

    const bad = await fetch(`${rig.baseUrl}/service/streams/${rig.streamId}/frame?time=${time}&step=0`, { headers: { authorization: `Bearer ${rig.token}` } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid-step' });
    const live = await fetch(`${rig.baseUrl}/service/streams/${rig.streamId}/frame?step=1`, { headers: { authorization: `Bearer ${rig.token}` } });
    expect(live.status).toBe(400);
  });
});
