/**
 * Plays the recorder's video in headless Chromium the way the client does
 * (WebRTC over the signalling socket; low-bandwidth JPEGs pulled one per
 * request) and samples what is shown: decoded frame counts, time to the
 * first picture, and the top rows of displayed pictures (the time strip)
 * with the moment each was displayed. Node reads the strips back with
 * decodeTimeStrip, so latency is glass to glass: camera capture time to
 * display in the browser.
 *
 * The page code is plain JavaScript in a string: functions passed to
 * page.evaluate from transpiled TypeScript may carry helper calls the page
 * does not have.
 *
 * Chromium on loopback needs what FIELD-NOTES describes: a network
 * namespace with only `lo` (the caller runs inside `unshare -n`),
 * --allow-loopback-in-peer-connection and one getUserMedia call before the
 * peer connection, so Chromium offers its 127.0.0.1 candidate.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { decodeTimeStrip } from '../../../../server/shared/time-strip';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../chromium';

/** Pictures are sampled at this size; the strip's cells are then 8x8 pixels. */
const SAMPLE_WIDTH = 320;
const SAMPLE_HEIGHT = 180;
const STRIP_ROWS = 18;

const PAGE_SCRIPT = `
window.argusProbe = (() => {
  const W = ${SAMPLE_WIDTH}, H = ${SAMPLE_HEIGHT}, ROWS = ${STRIP_ROWS};
  const canvas = new OffscreenCanvas(W, H);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const wallNow = () => performance.timeOrigin + performance.now();
  function stripOf(source) {
    ctx.drawImage(source, 0, 0, W, H);
    const rgba = ctx.getImageData(0, 0, W, ROWS).data;
    const gray = new Array(W * ROWS);
    for (let i = 0; i < W * ROWS; i++) gray[i] = Math.round(0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2]);
    return gray;
  }
  const state = { startedMs: 0, firstPictureMs: undefined, samples: [], errors: [], pc: undefined, ws: undefined, stop: false, pictures: 0 };
  let lastSampleMs = 0;
  function sample(source, displayMs, everyMs) {
    state.pictures++;
    if (state.firstPictureMs === undefined) state.firstPictureMs = displayMs - state.startedMs;
    if (displayMs - lastSampleMs < everyMs) return;
    lastSampleMs = displayMs;
    state.samples.push({ displayMs, gray: stripOf(source) });
  }
  async function allowLoopbackCandidates() {
    const media = await navigator.mediaDevices.getUserMedia({ video: true });
    media.getTracks().forEach((t) => t.stop());
  }
  async function webrtc(wsUrl, create, everyMs, jitterBufferTargetMs) {
    await allowLoopbackCandidates();
    state.startedMs = wallNow();
    const pc = new RTCPeerConnection();
    state.pc = pc;
    const video = document.createElement('video');
    video.muted = true; video.autoplay = true; video.playsInline = true;
    document.body.append(video);
    pc.ontrack = (e) => {
      if (jitterBufferTargetMs !== undefined) e.receiver.jitterBufferTarget = jitterBufferTargetMs;
      video.srcObject = e.streams[0] || new MediaStream([e.track]);
    };
    const onFrame = (_now, meta) => {
      if (state.stop) return;
      sample(video, performance.timeOrigin + meta.expectedDisplayTime, everyMs);
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
    const ws = new WebSocket(wsUrl);
    state.ws = ws;
    await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = () => reject(new Error('socket failed')); });
    pc.onicecandidate = (e) => { if (e.candidate) ws.send(JSON.stringify({ type: 'ice_candidate', candidate: e.candidate.toJSON(), messageId: 'cand' })); };
    ws.onmessage = async (event) => {
      const m = JSON.parse(event.data);
      try {
        if (m.type === 'offer') {
          await pc.setRemoteDescription({ type: 'offer', sdp: m.sdp });
          const answer = await pc.createAnswer();
          await pc.setLocalDescription(answer);
          ws.send(JSON.stringify({ type: 'answer', sdp: answer.sdp, messageId: 'answer' }));
        } else if (m.type === 'ice_candidate') {
          await pc.addIceCandidate(m.candidate);
        } else {
          state.errors.push(m);
        }
      } catch (error) { state.errors.push(String(error)); }
    };
    ws.send(JSON.stringify({ type: 'create', messageId: 'create', rate: 1, waitThres: 2000, ...create }));
  }
  async function framesDecoded() {
    if (!state.pc) return 0;
    let decoded = 0;
    (await state.pc.getStats()).forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'video') decoded = s.framesDecoded || 0; });
    return decoded;
  }
  async function lowBandwidth(baseUrl, token, body, everyMs) {
    state.startedMs = wallNow();
    const created = await fetch(baseUrl + '/service/low-bandwidth/streams', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token }, body: JSON.stringify(body),
    });
    if (!created.ok) throw new Error('create failed: ' + created.status + ' ' + await created.text());
    const { id } = await created.json();
    state.lowBandwidth = { baseUrl, token, id };
    for (;;) {
      const reply = await fetch(baseUrl + '/service/low-bandwidth/streams/' + id, { headers: { authorization: 'Bearer ' + token } });
      const { state: s } = await reply.json();
      if (s.status === 'ready') break;
      if (s.status === 'failed') throw new Error('low-bandwidth stream failed: ' + s.description);
      await new Promise((r) => setTimeout(r, 200));
    }
    const ticketReply = await fetch(baseUrl + '/service/tickets', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'low-bandwidth', resource: id }),
    });
    const { ticket } = await ticketReply.json();
    const ws = new WebSocket(baseUrl.replace('http', 'ws') + '/service/low-bandwidth/streams/' + id + '/ws?ticket=' + encodeURIComponent(ticket));
    state.ws = ws;
    const canvas = document.createElement('canvas');
    canvas.width = body.resolution.width; canvas.height = body.resolution.height;
    document.body.append(canvas);
    const draw = canvas.getContext('2d');
    ws.onmessage = async (event) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.fromBase64(event.data)], { type: 'image/jpeg' }));
      draw.drawImage(bitmap, 0, 0);
      sample(bitmap, wallNow(), everyMs);
      bitmap.close();
      if (!state.stop) ws.send('requestFrame');
    };
    await new Promise((resolve) => { ws.onopen = resolve; });
    ws.send('requestFrame');
    return id;
  }
  function takeSamples() { const s = state.samples; state.samples = []; return s; }
  async function stop() {
    state.stop = true;
    if (state.ws) state.ws.close();
    if (state.pc) state.pc.close();
    // As the client does when a player stops (spec 7): the session is deleted.
    const lb = state.lowBandwidth;
    if (lb) await fetch(lb.baseUrl + '/service/low-bandwidth/streams/' + lb.id, { method: 'DELETE', headers: { authorization: 'Bearer ' + lb.token } });
  }
  return { webrtc, lowBandwidth, framesDecoded, takeSamples, stop, state };
})();
`;

/** What PAGE_SCRIPT installs on the page's window. */
interface ProbeWindow {
  argusProbe: {
    webrtc(wsUrl: string, create: { streamId: string; time: number }, everyMs: number, jitterBufferTargetMs?: number): Promise<void>;
    lowBandwidth(baseUrl: string, token: string, body: object, everyMs: number): Promise<string>;
    framesDecoded(): Promise<number>;
    takeSamples(): Array<{ displayMs: number; gray: number[] }>;
    stop(): Promise<void>;
    state: { firstPictureMs: number | undefined; pictures: number; errors: unknown[] };
  };
}

export interface StripSample {
  /** Epoch ms when the picture was (or was to be) displayed. */
  displayMs: number;
  /** Capture time read from the picture's strip, undefined when unreadable. */
  captureMs: number | undefined;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      // WebRTC between the page and the recorder on this machine, no camera or gesture needed.
      '--allow-loopback-in-peer-connection',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** One page on the recorder's origin (a secure context on 127.0.0.1) with the probe installed. */
export async function probePage(browser: Browser, baseUrl: string): Promise<BrowserProbe> {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/service/ping`);
  // Evaluated through the debugging protocol, not as an inline <script>: the
  // recorder's Content-Security-Policy refuses inline scripts, as it should.
  await page.evaluate(PAGE_SCRIPT);
  return new BrowserProbe(page);
}

export class BrowserProbe {
  constructor(readonly page: Page) {}

  /** Plays over WebRTC; `jitterBufferTargetMs` is set on the receiver as given (absent: the browser's own jitter buffer). */
  playWebRtc(wsUrl: string, create: { streamId: string; time: number }, sampleEveryMs = 200, jitterBufferTargetMs?: number): Promise<void> {
    return this.page.evaluate(
      ([url, c, every, target]) => (window as unknown as ProbeWindow).argusProbe.webrtc(url, c, every, target ?? undefined),
      [wsUrl, create, sampleEveryMs, jitterBufferTargetMs ?? null] as const,
    );
  }

  playLowBandwidth(baseUrl: string, token: string, body: object, sampleEveryMs = 200): Promise<string> {
    return this.page.evaluate(
      ([url, t, b, every]) => (window as unknown as ProbeWindow).argusProbe.lowBandwidth(url, t, b, every),
      [baseUrl, token, body, sampleEveryMs] as const,
    );
  }

  framesDecoded(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as ProbeWindow).argusProbe.framesDecoded());
  }

  /** Milliseconds from the start of play to the first displayed picture, once there was one. */
  firstPictureMs(): Promise<number | undefined> {
    return this.page.evaluate(() => (window as unknown as ProbeWindow).argusProbe.state.firstPictureMs);
  }

  pictures(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as ProbeWindow).argusProbe.state.pictures);
  }

  /** Messages other than offer and candidates the socket received (errors, incompatible). */
  signallingErrors(): Promise<unknown[]> {
    return this.page.evaluate(() => (window as unknown as ProbeWindow).argusProbe.state.errors);
  }

  /** The strips sampled since the last call, read back to capture times. */
  async takeSamples(): Promise<StripSample[]> {
    const raw: Array<{ displayMs: number; gray: number[] }> = await this.page.evaluate(() => (window as unknown as ProbeWindow).argusProbe.takeSamples());
    return raw.map(({ displayMs, gray }) => {
      const frame = new Uint8Array(SAMPLE_WIDTH * SAMPLE_HEIGHT);
      frame.set(gray);
      return { displayMs, captureMs: decodeTimeStrip(frame, SAMPLE_WIDTH, SAMPLE_HEIGHT) };
    });
  }

  async stop(): Promise<void> {
    await this.page.evaluate(() => (window as unknown as ProbeWindow).argusProbe.stop());
    await this.page.close();
  }
}

/** Polls until `check` answers true. */
export async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
