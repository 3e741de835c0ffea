/**
 * Motion detection end to end: a real recorder records a simulated camera
 * whose moving object is switched on and off; the recorder decodes its own
 * live feed, stores events and answers the events API. No timing is
 * asserted beyond generous windows (the CPU is shared).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Camera, MotionMaskResponse, Stream } from '../../../server/shared/api';
import { call, signIn, ticketFor } from '../helpers/recorder-process';
import { MaskRaster, maskSizeFor } from '../../../src/core/motion/mask-raster';
import { BRUSH_SIZE } from '../../../src/core/motion/motion-settings';
import { encodePng } from '../../unit/server/recorder/motion/png';
import { histogram, motionDecoders, motionEvents, setStyle, sleep, startMotionRig, waitFor, type MotionRig } from './motion-rig';

let rig: MotionRig;
let camera: Camera;
let main: Stream;

/**
 * What the motion dialog uploads after two strokes of its widest brush
 * across the bottom of a 16:9 picture, where the road the object drives on
 * is: its MaskRaster, opaque black where painted (ignored), transparent
 * elsewhere (watched), as a PNG.
 */
function roadMask(): Buffer {
  const size = maskSizeFor({ width: 1280, height: 720 });
  const raster = new MaskRaster(size.width, size.height);
  for (const y of [0.75, 0.92]) raster.stroke({ x: 0, y: size.height * y }, { x: size.width, y: size.height * y }, BRUSH_SIZE.max, 'draw');
  const rgba = raster.toRgba();
  return encodePng(raster.width, raster.height, (x, y) => {
    const i = (y * raster.width + x) * 4;
    return [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!, rgba[i + 3]!];
  });
}
const maskPath = () => `/service/cameras/${camera.id}/streams/${main.id}/motion/mask`;

async function putMask(body: Buffer | string, contentType = 'image/png'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${rig.recorder.baseUrl}${maskPath()}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${rig.recorder.token}`, 'content-type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function getMask(): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const ticket = await ticketFor(rig.recorder.baseUrl, rig.recorder.token, 'motion-mask', main.id);
  // An <img> shows the mask, so it is read the way an <img> can: with a ticket in the URL.
  const response = await fetch(`${rig.recorder.baseUrl}${maskPath()}?ticket=${ticket}`);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

async function noActiveEvent(since: number): Promise<true | undefined> {
  const events = await motionEvents(rig, main.id, `start=${since - 60_000}&count=100`);
  return events.every((e) => !e.active) ? true : undefined;
}

beforeAll(async () => {
  rig = await startMotionRig(1);
  camera = rig.cameras[0]!;
  main = await setStyle(rig, camera, camera.streams[0]!, 'continuous-motion');
  // The sub stream records without detection: one decoder, less CPU.
  await setStyle(rig, camera, camera.streams[1]!, 'continuous');
  await waitFor('the motion decoder of the main stream', () => (motionDecoders(rig) === 1 ? true : undefined), 60_000);
}, 180_000);

afterAll(async () => {
  await rig?.stop();
});

describe('motion events', () => {
  it('an empty scene gives no events (the burnt-in clock is not motion)', async () => {
    await sleep(15_000);
    expect(await motionEvents(rig, main.id)).toEqual([]);
  });

  it('a moving object gives one event around its passes, closed once it stops', async () => {
    const onAt = Date.now();
    await rig.sim.setMotion(true, 0);
    const open = await waitFor('an open motion event', async () => (await motionEvents(rig, main.id)).find((e) => e.active), 45_000);
    expect(open.start).toBeGreaterThanOrEqual(onAt - 1000);
    await sleep(6_000);
    const offAt = Date.now();
    await rig.sim.setMotion(false, 0);
    await waitFor('the event to close', () => noActiveEvent(onAt), 45_000);
    const events = await motionEvents(rig, main.id);
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]!.start).toBeGreaterThanOrEqual(onAt - 1000);
    expect(events.at(-1)!.stop).toBeGreaterThan(offAt - 8_000);
    expect(events.at(-1)!.stop).toBeLessThan(Date.now());
    expect(events.reduce((ms, e) => ms + (e.stop - e.start), 0)).toBeGreaterThan(3_000);

    // Timeline: fine buckets from raw events, wide ones from the rollup, the same motion in both.
    const fine = await histogram(rig, main.id, onAt - 10_000, Date.now(), 1_000);
    expect(fine.bucketMs).toBe(1_000);
    expect(fine.histogram.reduce((n, b) => n + b.count, 0)).toBe(events.length);
    for (const bucket of fine.histogram) {
      expect(bucket.stop).toBeGreaterThan(events[0]!.start);
      expect(bucket.start).toBeLessThanOrEqual(events.at(-1)!.stop);
    }
    const wide = await histogram(rig, main.id, onAt - 3_600_000, onAt + 3_600_000, 600_000);
    const motionMs = events.reduce((ms, e) => ms + (e.stop - e.start), 0);
    expect(wide.histogram.reduce((ms, b) => ms + b.motionMs, 0)).toBe(motionMs);

    // Next and previous search (spec 9: previous looks back from 5 s before the time, 5 events).
    const previous = await motionEvents(rig, main.id, `start=${events.at(-1)!.stop + 5_000}&count=5&from_end=true`);
    expect(previous.at(-1)).toEqual(events.at(-1));
    const next = await motionEvents(rig, main.id, `start=${events[0]!.start - 1}&count=5`);
    expect(next[0]).toEqual(events[0]);
    expect(await motionEvents(rig, main.id, `start=${events.at(-1)!.start}&count=5`)).toEqual([]);
  });

  it('the motion dialog’s mask over the object’s path gives no events; deleting it brings them back', async () => {
    const put = await putMask(roadMask());
    expect(put.status).toBe(200);
    const href = (put.body as MotionMaskResponse).motionMask.href;
    expect(href).toBe(maskPath());
    const stream = await rig.recorder.call<Stream>('GET', `/service/streams/${main.id}`);
    expect(stream.body.recordingConfiguration.bgseg?.motionMask?.href).toBe(href);
    expect(await getMask()).toMatchObject({ status: 200, type: 'image/png', bytes: roadMask() });

    const maskedAt = Date.now();
    await rig.sim.setMotion(true, 0);
    await sleep(15_000);
    expect(await motionEvents(rig, main.id, `start=${maskedAt}`)).toEqual([]);

    const removed = await rig.recorder.call('DELETE', maskPath());
    expect(removed.status).toBe(204);
    expect((await rig.recorder.call<Stream>('GET', `/service/streams/${main.id}`)).body.recordingConfiguration.bgseg?.motionMask).toBeUndefined();
    expect((await getMask()).status).toBe(404);
    const unmaskedAt = Date.now();
    await waitFor('motion once the mask is gone', async () => ((await motionEvents(rig, main.id, `start=${unmaskedAt - 1000}`)).length > 0 ? true : undefined), 45_000);
    await rig.sim.setMotion(false, 0);
    await waitFor('the event to close', () => noActiveEvent(unmaskedAt), 45_000);
  });

  it('refuses bad input clearly and changes nothing', async () => {
    // Masks: not an image, JSON, too large; the previous mask stays.
    expect((await putMask(roadMask())).status).toBe(200);
    const notImage = await putMask('this is not a picture');
    expect(notImage).toMatchObject({ status: 400, body: { code: 'invalid-mask', reason: expect.stringMatching(/^Could not load mask/) } });
    expect((await putMask(JSON.stringify({ mask: 'x' }), 'application/json')).status).toBe(400);
    expect((await putMask(Buffer.alloc(3 * 1024 * 1024, 1))).status).toBe(413);
    expect((await getMask()).bytes).toEqual(roadMask());
    expect((await rig.recorder.call('DELETE', maskPath())).status).toBe(204);

    // Object size: 0-100, a negative one becomes positive, out of range is refused.
    const patch = (boxArea: number) =>
      rig.recorder.call<Stream>('PATCH', `/service/cameras/${camera.id}/streams/${main.id}`, {
        recordingConfiguration: { ...main.recordingConfiguration, bgseg: { boxArea } },
      });
    const tooLarge = await patch(150);
    expect(tooLarge).toMatchObject({ status: 400, body: { code: 'invalid-object-size' } });
    const negative = await patch(-12);
    expect(negative.status).toBe(200);
    expect(negative.body.recordingConfiguration.bgseg?.boxArea).toBe(12);
    expect((await patch(-101)).status).toBe(400);
    expect((await rig.recorder.call<Stream>('GET', `/service/streams/${main.id}`)).body.recordingConfiguration.bgseg?.boxArea).toBe(12);
    const noStyle = await rig.recorder.call('PATCH', `/service/cameras/${camera.id}/streams/${main.id}`, {
      recordingConfiguration: { mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 2, recordState: true } },
    });
    expect(noStyle).toMatchObject({ status: 400, body: { code: 'unknown-recording-style' } });

    // Events queries.
    const base = `/service/events/camera-stream`;
    const now = Date.now();
    for (const [query, code] of [
      [`?eventType=tampering&id=${main.id}&start=0`, 'unknown-event-type'],
      [`?eventType=motion&id=${main.id}&start=0&count=5000`, 'invalid-count'],
      [`?eventType=motion&id=${main.id}&start=abc`, 'invalid-request'],
      [`?eventType=motion&start=0`, 'invalid-request'],
      [`/histogram?eventType=motion&id=${main.id}&start=${now}&stop=${now - 1}`, 'invalid-time-range'],
      [`/histogram?eventType=motion&id=${main.id}&start=${now}&stop=${now + 1000}&minSegment=0`, 'invalid-min-segment'],
      [`/histogram?eventType=motion&id=${main.id}&start=-5&stop=${now}`, 'invalid-time'],
    ] as const) {
      const reply = await rig.recorder.call<{ code: string; reason: string }>('GET', `${base}${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.code, query).toBe(code);
      expect(reply.body.reason.length).toBeGreaterThan(10);
    }
    expect((await rig.recorder.call('GET', `${base}?eventType=motion&id=no-such-stream&start=0`)).status).toBe(404);
    expect((await call(rig.recorder.baseUrl, 'GET', `${base}?eventType=motion&id=${main.id}&start=0`)).status).toBe(401);
    await rig.recorder.call('POST', '/service/users', { username: 'live', password: 'password', role: 'Live Viewer' });
    const liveToken = await signIn(rig.recorder.baseUrl, 'live', 'password');
    expect((await call(rig.recorder.baseUrl, 'GET', `${base}?eventType=motion&id=${main.id}&start=0`, { token: liveToken })).status).toBe(403);
    expect((await call(rig.recorder.baseUrl, 'PUT', maskPath(), { token: liveToken, rawBody: 'x', headers: { 'content-type': 'image/png' } })).status).toBe(403);
  });
});
