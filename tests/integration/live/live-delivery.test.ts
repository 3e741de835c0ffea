/**
 * Live and recorded video through a real recorder recording a real
 * simulated camera: the RTSP restream read by ffprobe, low-bandwidth JPEG
 * sessions (size, one picture per request, live and at a past time read
 * from the picture's time strip), /frame pictures, and the WebRTC
 * signalling socket with a werift viewer (validation, incompatible answers,
 * H.264 passed through with the keyframe first, live and from the archive).
 * The simulated camera sends sound (G.711 µ-law): the restream and live
 * WebRTC carry it beside the picture; a recording plays without it.
 * The browser check is webrtc-browser.test.ts.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateLowBandwidthStreamResponse, LowBandwidthStream } from '../../../server/shared/api';
import { BEEP_MS } from '../../../server/camera-sim/beep-tone';
import { decodeMulaw } from '../../../server/protocols/g711';
import { describeRtsp } from '../../../server/protocols/rtsp-describe';
import { readSdpMedia } from '../../../server/protocols/sdp';
import type { RtspCredentials } from '../../../server/recorder/live/rtsp-credentials';
import { startRtspRestream } from '../../../server/recorder/live/rtsp-restream';
import { call, signIn, ticketFor } from '../helpers/recorder-process';
import { firstPictureAsJpeg, jpegCaptureTime, jpegSize } from './helpers/jpeg-probe';
import { type LiveRig, startLiveRig } from './helpers/live-rig';
import { JsonSocket, ofType, WeriftViewer } from './helpers/signaling-client';

let rig: LiveRig;
let liveViewer: string;

beforeAll(async () => {
  rig = await startLiveRig({ recordedMs: 12_000 });
  const created = await call(rig.baseUrl, 'POST', '/service/users', {
    token: rig.token,
    json: { username: 'liveonly', password: 'password', role: 'Live Viewer' },
  });
  expect(created.status).toBe(201);
  liveViewer = await signIn(rig.baseUrl, 'liveonly', 'password');
});

afterAll(async () => {
  await rig?.stop();
});

/** A socket address with its ticket (a session token never goes in a URL). */
const wsUrl = (path: string, ticket: string) => `${rig.baseUrl.replace('http', 'ws')}${path}?ticket=${encodeURIComponent(ticket)}`;
const lowBandwidthTicket = (id: string, token = rig.token) => ticketFor(rig.baseUrl, token, 'low-bandwidth', id);

/** A time well inside the recording: the first segment's start plus `afterMs`. */
async function recordedTime(afterMs: number): Promise<number> {
  const [first] = await rig.archives();
  if (!first) throw new Error('nothing recorded');
  return first.start + afterMs;
}

function ffprobe(url: string): Promise<{ code: number | null; output: string }> {
  // Asynchronous on purpose: the camera simulator runs in this process and must keep serving.
  return new Promise((resolve) => {
    const child = spawn('ffprobe', ['-v', 'error', '-rtsp_transport', 'tcp', '-show_entries', 'stream=codec_name,width,height,sample_rate', '-of', 'json', url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('RTSP restream', () => {
  const url = (username: string, password: string) =>
    `rtsp://${encodeURIComponent(username)}:${encodeURIComponent(password)}@127.0.0.1:${rig.rtspPort}/orchid/live?id=${rig.streamId}`;

  it('plays to ffprobe with a session token as the password, with the camera’s sound', async () => {
    const { code, output } = await ffprobe(url('token', rig.token));
    expect(code, output).toBe(0);
    expect(JSON.parse(output).streams).toEqual([
      { codec_name: 'h264', width: 1280, height: 720 },
      { codec_name: 'pcm_mulaw', sample_rate: '8000' },
    ]);
  });

  it('describes a sound track only for a stream whose camera sends sound', async () => {
    // The restream's resolver over the same live picture, once with the camera's sound and once without any.
    const picture = rig.sim.cameras[0]!.sources.main;
    const sound = rig.sim.cameras[0]!.sources.audio!;
    const anyone = { check: async () => ({ ok: true }) } as unknown as RtspCredentials;
    for (const [audio, kinds] of [[sound, ['video', 'audio']], [undefined, ['video']]] as const) {
      const server = await startRtspRestream({
        host: '127.0.0.1',
        port: 0,
        credentials: anyone,
        live: { source: (id) => (id === 's' ? picture : undefined), audio: () => audio, exists: () => true },
      });
      try {
        const sdp = await describeRtsp(`rtsp://127.0.0.1:${server.port}/orchid/live?id=s`, { credentials: { username: 'u', password: 'p' } });
        expect(readSdpMedia(sdp).map((m) => m.kind)).toEqual(kinds);
      } finally {
        await server.close();
      }
    }
  });

  it('accepts a recorder username and password once checked, and refuses a wrong one', async () => {
    const wrong = await ffprobe(url('admin', 'not-the-password'));
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toContain('401');
    const result = await ffprobe(url('admin', 'secret'));
    expect(result.code, result.output).toBe(0);
    expect(JSON.parse(result.output).streams[0]).toMatchObject({ codec_name: 'h264', width: 1280 });
  });

  it('answers 404 for an unknown stream', async () => {
    const { code, output } = await ffprobe(`rtsp://t:${encodeURIComponent(rig.token)}@127.0.0.1:${rig.rtspPort}/orchid/live?id=nope`);
    expect(code).not.toBe(0);
    expect(output).toContain('404');
  });
});

describe('low-bandwidth streams', () => {
  async function create(body: object, token = rig.token) {
    return call<CreateLowBandwidthStreamResponse>(rig.baseUrl, 'POST', '/service/low-bandwidth/streams', { token, json: body });
  }

  async function untilReady(id: string): Promise<LowBandwidthStream> {
    for (;;) {
      const reply = await call<LowBandwidthStream>(rig.baseUrl, 'GET', `/service/low-bandwidth/streams/${id}`, { token: rig.token });
      expect(reply.status).toBe(200);
      if (reply.body.state.status !== 'starting') return reply.body;
      await new Promise((resolve) => setTimeout(resolve, 200)); // spec 9: LB poll 200 ms
    }
  }

  /** Sends requestFrame and waits for the one picture it buys. */
  async function pull(socket: JsonSocket, form: 'json' | 'text'): Promise<Buffer> {
    socket.send(form === 'json' ? { type: 'requestFrame' } : 'requestFrame');
    const base64 = await socket.next<string>((m) => typeof m === 'string');
    return Buffer.from(base64, 'base64');
  }

  it('serves live JPEGs of the requested size, exactly one per requestFrame', async () => {
    const body = { streamId: rig.streamId, resolution: { width: 320, height: 180 }, startTime: 0, rate: 10, waitThres: 2000, transport: 'websocket-base64' };
    const created = await create(body);
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await untilReady(id)).state.status).toBe('ready');

    const socket = await JsonSocket.open(wsUrl(`/service/low-bandwidth/streams/${id}/ws`, await lowBandwidthTicket(id)));
    const pictures: Buffer[] = [];
    for (let i = 0; i < 6; i++) pictures.push(await pull(socket, i % 2 === 0 ? 'json' : 'text'));
    for (const jpeg of pictures) expect(jpegSize(jpeg)).toEqual({ width: 320, height: 180 });
    const times = await Promise.all(pictures.map((jpeg) => jpegCaptureTime(jpeg)));
    for (const time of times) expect(time).toBeGreaterThan(Date.now() - 15_000);
    // Each request got a newer picture than the one before.
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    // Pull-based: without a request nothing more arrives, however long the decoder runs.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(socket.messages).toEqual([]);

    expect((await call(rig.baseUrl, 'DELETE', `/service/low-bandwidth/streams/${id}`, { token: rig.token })).status).toBe(204);
    await socket.next(() => false, 5000).catch(() => undefined);
    expect(socket.closed?.code).toBe(1000);
    expect((await call(rig.baseUrl, 'GET', `/service/low-bandwidth/streams/${id}`, { token: rig.token })).status).toBe(404);
  });

  it('keeps the aspect ratio inside the requested box', async () => {
    const created = await create({ streamId: rig.streamId, resolution: { width: 400, height: 400 }, startTime: 0, rate: 5, transport: 'websocket-base64' });
    const id = created.body.id;
    await untilReady(id);
    const socket = await JsonSocket.open(wsUrl(`/service/low-bandwidth/streams/${id}/ws`, await lowBandwidthTicket(id)));
    expect(jpegSize(await pull(socket, 'json'))).toEqual({ width: 400, height: 224 });
    socket.close();
    await call(rig.baseUrl, 'DELETE', `/service/low-bandwidth/streams/${id}`, { token: rig.token });
  });

  it('plays a past time: the pictures show that time', async () => {
    const startTime = await recordedTime(4000);
    const created = await create({ streamId: rig.streamId, resolution: { width: 640, height: 360 }, startTime, rate: 5, waitThres: 2000, transport: 'websocket-base64' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await untilReady(id)).state.status).toBe('ready');
    const socket = await JsonSocket.open(wsUrl(`/service/low-bandwidth/streams/${id}/ws`, await lowBandwidthTicket(id)));
    const first = await jpegCaptureTime(await pull(socket, 'json'));
    const second = await jpegCaptureTime(await pull(socket, 'json'));
    // Playback starts at the keyframe before the time (one per second on the simulator) and runs at speed 1.
    expect(first).toBeGreaterThanOrEqual(startTime - 1500);
    expect(first).toBeLessThan(startTime + 3000);
    expect(second).toBeGreaterThan(first!);
    expect(second).toBeLessThan(Date.now() - 5000);
    socket.close();
    await call(rig.baseUrl, 'DELETE', `/service/low-bandwidth/streams/${id}`, { token: rig.token });
  });

  it('refuses what it cannot or may not do', async () => {
    const base = { streamId: rig.streamId, resolution: { width: 320, height: 180 }, startTime: 0, rate: 10, transport: 'websocket-base64' };
    expect((await create({ ...base, transport: 'webrtc' })).status).toBe(400);
    expect((await create({ ...base, resolution: { width: 320 } })).status).toBe(400);
    expect((await create({ ...base, rate: 0 })).status).toBe(400);
    expect((await create({ ...base, streamId: 'nope' })).body).toMatchObject({ code: 'stream-not-found' });
    // A Live Viewer may watch live but not recordings (spec 6).
    expect((await create(base, liveViewer)).status).toBe(201);
    const past = await create({ ...base, startTime: await recordedTime(2000) }, liveViewer);
    expect(past.status).toBe(403);
    // Sessions are private to their user.
    const mine = await create(base);
    const theirs = await call(rig.baseUrl, 'GET', `/service/low-bandwidth/streams/${mine.body.id}`, { token: liveViewer });
    expect(theirs.status).toBe(404);
    await expect(JsonSocket.open(wsUrl(`/service/low-bandwidth/streams/${mine.body.id}/ws`, 'not-a-ticket'))).rejects.toThrow('401');
    await call(rig.baseUrl, 'DELETE', `/service/low-bandwidth/streams/${mine.body.id}`, { token: rig.token });
  });
});

describe('stream pictures (/frame)', () => {
  const frame = (query: string, token = rig.token) =>
    fetch(`${rig.baseUrl}/service/streams/${rig.streamId}/frame?${query}`, { headers: { authorization: `Bearer ${token}` } });

  it('answers the live picture at the requested size', async () => {
    const reply = await frame('width=640&height=360&cb=1');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await reply.arrayBuffer());
    expect(jpegSize(jpeg)).toEqual({ width: 640, height: 360 });
    expect(await jpegCaptureTime(jpeg)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('answers the picture at a past time', async () => {
    const time = await recordedTime(5300);
    const reply = await frame(`time=${time}&width=320`);
    expect(reply.status).toBe(200);
    const jpeg = Buffer.from(await reply.arrayBuffer());
    expect(jpegSize(jpeg)).toEqual({ width: 320, height: 180 });
    const shown = await jpegCaptureTime(jpeg);
    // An accurate seek: the picture of that moment (one frame is 40 ms).
    expect(Math.abs(shown! - time)).toBeLessThan(200);
  });

  it('answers 404 with a reason when nothing was recorded then, unless asked to fall back', async () => {
    const before = (await recordedTime(0)) - 3_600_000;
    const missing = await frame(`time=${before}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'no-archive' });
    const fallback = await frame(`time=${before}&fallback=true&width=320`);
    expect(fallback.status).toBe(200);
    const unknown = await fetch(`${rig.baseUrl}/service/streams/nope/frame`, { headers: { authorization: `Bearer ${rig.token}` } });
    expect(unknown.status).toBe(404);
    expect((await frame(`time=${await recordedTime(2000)}`, liveViewer)).status).toBe(403);
  });
});

describe('WebRTC signalling', () => {
  const open = async (token = rig.token) =>
    JsonSocket.open(wsUrl('/service/streams/webrtc', token === 'not-a-token' ? 'not-a-ticket' : await ticketFor(rig.baseUrl, token, 'webrtc')));

  it('answers malformed messages with errors and keeps the socket', async () => {
    const socket = await open();
    socket.send('{not json');
    expect(await socket.next(ofType('error'))).toMatchObject({ code: 'invalid-message', messageId: null });
    socket.send({ type: 'answer', sdp: { type: 'offer', sdp: 'v=0\r\n' }, messageId: 5 });
    expect(await socket.next(ofType('error'))).toMatchObject({ code: 'invalid-answer', messageId: 5 });
    socket.send({ type: 'ice_candidate', candidate: {}, messageId: 6 });
    expect(await socket.next(ofType('error'))).toMatchObject({ code: 'invalid-candidate', messageId: 6 });
    socket.send({ type: 'answer', sdp: 'v=0\r\no=- 0 0 IN IP4 0.0.0.0\r\n', messageId: 7 });
    expect(await socket.next(ofType('error'))).toMatchObject({ code: 'unexpected-message', messageId: 7 });
    socket.send({ type: 'create', streamId: 'nope', time: 0, rate: 1, waitThres: 2000, messageId: 8 });
    expect(await socket.next(ofType('error'))).toMatchObject({ code: 'stream-not-found', messageId: 8 });
    expect(socket.closed).toBeUndefined();
    socket.close();
  });

  it('needs a session and the playback ability for past times', async () => {
    await expect(open('not-a-token')).rejects.toThrow('401');
    const socket = await open(liveViewer);
    socket.send({ type: 'create', streamId: rig.streamId, time: await recordedTime(2000), rate: 1, waitThres: 2000, messageId: 1 });
    expect(await socket.next(ofType('error'))).toMatchObject({ code: 'forbidden' });
    socket.close();
  });

  it("reports 'incompatible' when the answer has no H.264", async () => {
    const socket = await open();
    socket.send({ type: 'create', streamId: rig.streamId, time: 0, rate: 1, waitThres: 2000, messageId: 'c1' });
    const offer = await socket.next<{ sdp: string; messageId: string }>(ofType('offer'));
    expect(offer.messageId).toBe('c1');
    expect(offer.sdp).toMatch(/a=rtpmap:\d+ H264\/90000/);
    const vp8Only = offer.sdp.replace(/H264\/90000/g, 'VP8/90000').replace(/a=setup:actpass/g, 'a=setup:active');
    socket.send({ type: 'answer', sdp: vp8Only, messageId: 'a1' });
    expect(await socket.next(ofType('incompatible'))).toMatchObject({ messageId: 'a1' });
    socket.close();
  });

  async function watch(time: number): Promise<{ viewer: WeriftViewer; socket: JsonSocket }> {
    const socket = await open();
    const viewer = new WeriftViewer(socket);
    socket.send({ type: 'create', streamId: rig.streamId, time, rate: 1, waitThres: 2000, messageId: 1 });
    await viewer.answerOffer();
    await viewer.waitForUnits(30);
    return { viewer, socket };
  }

  it('sends the live H.264 as recorded, keyframe with parameter sets first', async () => {
    const { viewer, socket } = await watch(0);
    const first = viewer.units[0]!;
    expect(first.keyframe).toBe(true);
    const types = first.nalus.map((nalu) => nalu[0]! & 0x1f);
    expect(types).toEqual(expect.arrayContaining([7, 8, 5]));
    const annexB = Buffer.concat(first.nalus.flatMap((nalu) => [Buffer.from([0, 0, 0, 1]), Buffer.from(nalu)]));
    const jpeg = await firstPictureAsJpeg(annexB);
    expect(jpegSize(jpeg)).toEqual({ width: 1280, height: 720 });
    // The first picture is the hub's latest keyframe: live, at most a GOP (1 s) and some delivery old.
    expect(await jpegCaptureTime(jpeg)).toBeGreaterThan(Date.now() - 10_000);
    // Pictures keep coming after the cached GOP: 30 units were received, and more follow.
    const received = viewer.units.length;
    await viewer.waitForUnits(received + 10);
    socket.close();
    await viewer.close();
  });

  it('sends the camera’s sound live as PCMU in the picture’s media stream: 20 ms packets, the beeps in them', async () => {
    const socket = await open();
    const viewer = new WeriftViewer(socket);
    socket.send({ type: 'create', streamId: rig.streamId, time: 0, rate: 1, waitThres: 2000, messageId: 1 });
    const offer = await viewer.answerOffer();
    const media = readSdpMedia(offer);
    expect(media.map((m) => [m.kind, m.encoding])).toEqual([
      ['video', 'H264'],
      ['audio', 'PCMU'],
    ]);
    // Both tracks in one stream (a=msid:<stream> <track>), so the browser keeps them in step.
    const streams = [...offer.matchAll(/a=msid:(\S+) \S+/g)].map((match) => match[1]);
    expect(streams).toHaveLength(2);
    expect(streams[0]).toBe(streams[1]);
    const deadline = Date.now() + 20_000;
    while (viewer.audioPackets.length < 100 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const packets = viewer.audioPackets;
    expect(packets.length).toBeGreaterThanOrEqual(100);
    expect(packets.every((p) => p.header.payloadType === 0 && p.payload.length === 160)).toBe(true);
    const steps = packets.slice(1).map((p, i) => (p.header.timestamp - packets[i]!.header.timestamp) >>> 0);
    // 160 samples a packet; a larger step only where the simulator or the recorder skipped a frame under load.
    expect(steps.filter((step) => step % 160 !== 0 || step === 0)).toEqual([]);
    const loud = packets.filter((p) => decodeMulaw(p.payload).some((v) => Math.abs(v) > 2000)).length;
    // Two seconds of sound hold two beeps of BEEP_MS each: loud packets, but far from all of them.
    expect(loud).toBeGreaterThanOrEqual(BEEP_MS / 20);
    expect(loud).toBeLessThan(packets.length / 2);
    socket.close();
    await viewer.close();
  });

  it('plays a recording without sound', async () => {
    const time = await recordedTime(4000);
    const socket = await open();
    const viewer = new WeriftViewer(socket);
    socket.send({ type: 'create', streamId: rig.streamId, time, rate: 1, waitThres: 2000, messageId: 1 });
    const offer = await viewer.answerOffer();
    expect(readSdpMedia(offer).map((m) => m.kind)).toEqual(['video']);
    await viewer.waitForUnits(10);
    expect(viewer.audioPackets).toEqual([]);
    socket.close();
    await viewer.close();
  });

  it('plays the recording from a past time', async () => {
    const time = await recordedTime(6000);
    const { viewer, socket } = await watch(time);
    const first = viewer.units[0]!;
    expect(first.keyframe).toBe(true);
    const annexB = Buffer.concat(first.nalus.flatMap((nalu) => [Buffer.from([0, 0, 0, 1]), Buffer.from(nalu)]));
    const shown = await jpegCaptureTime(await firstPictureAsJpeg(annexB));
    // Starts at the keyframe at or before the time (the simulator sends one per second).
    expect(shown).toBeGreaterThanOrEqual(time - 1100);
    expect(shown).toBeLessThanOrEqual(time);
    socket.close();
    await viewer.close();
  });
});
