/**
 * Recorded playback at other speeds, in headless Chromium against a real
 * recorder recording a simulated camera (720p25, 1 s GOP): pictures shown
 * per second at 4x, 16x and 64x over WebRTC (requestVideoFrameCallback
 * counts) and at -4x over low bandwidth (640x360, up to 30 pictures a
 * second asked, one per request), with the speed the burnt-in capture
 * time really ran at; and the time from a seek (create or POST) to the
 * first picture of a past time, WebRTC and low bandwidth side by side
 * (three starts each, 1x, and low bandwidth also at -4x).
 *
 * The recording is 90 s, so 64x has about a second to run: its figures are
 * the noisiest. Re-runs itself under `unshare -n` (root) for WebRTC on
 * loopback, like live-latency. Writes bench/results/playback-speeds.json.
 */
import { launchChromium, probePage, type BrowserProbe, waitFor } from '../tests/integration/live/helpers/browser-probe';
import { startLiveRig, type LiveRig } from '../tests/integration/live/helpers/live-rig';
import { ticketFor } from '../tests/integration/helpers/recorder-process';
import { higher, lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';
import { runInPrivateNetwork, runScript } from '../tests/integration/helpers/run-script';

const RECORDED_MS = 90_000;
const STARTS = 3;
const LOW_BANDWIDTH = { resolution: { width: 640, height: 360 }, rate: 30, waitThres: 8000, transport: 'websocket-base64' };

runInPrivateNetwork('bench/playback-speeds.bench.ts');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  picturesPerSecond: number;
  /** Capture time passed per wall time, from the burnt-in strips (least squares). */
  shownSpeed: number | null;
  samples: number;
}

function slope(points: Array<{ x: number; y: number }>): number | null {
  if (points.length < 3) return null;
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? null : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / den;
}

/** Counts pictures for `windowMs` once the first one is shown, and reads the speed from the strips. */
async function measure(probe: BrowserProbe, windowMs: number): Promise<Run> {
  await waitFor('pictures', 30_000, async () => (await probe.pictures()) > 0);
  await sleep(300); // past the lead-in burst
  await probe.takeSamples();
  const before = await probe.pictures();
  const startedMs = Date.now();
  await sleep(windowMs);
  const pictures = (await probe.pictures()) - before;
  const elapsedMs = Date.now() - startedMs;
  const samples = (await probe.takeSamples()).flatMap((s) => (s.captureMs === undefined ? [] : [{ x: s.displayMs, y: s.captureMs }]));
  const speed = slope(samples);
  return { picturesPerSecond: (pictures * 1000) / elapsedMs, shownSpeed: speed === null ? null : Number(speed.toFixed(2)), samples: samples.length };
}

async function main(): Promise<void> {
  const rig: LiveRig = await startLiveRig({ recordedMs: RECORDED_MS });
  const browser = await launchChromium();
  try {
    const archives = await rig.archives();
    const firstMs = archives.reduce((min, a) => Math.min(min, a.start), Infinity);
    const lastMs = archives.reduce((max, a) => Math.max(max, a.end), 0);
    const wsUrl = async () => `${rig.baseUrl.replace('http', 'ws')}/service/streams/webrtc?ticket=${await ticketFor(rig.baseUrl, rig.token, 'webrtc')}`;
    const webRtc = async (time: number, rate: number) => {
      const probe = await probePage(browser, rig.baseUrl);
      const create = { streamId: rig.streamId, time, rate, waitThres: 2000 * Math.max(1, rate) };
      await probe.playWebRtc(await wsUrl(), create, 50);
      return probe;
    };
    const lowBandwidth = async (startTime: number, speed: number) => {
      const probe = await probePage(browser, rig.baseUrl);
      await probe.playLowBandwidth(rig.baseUrl, rig.token, { ...LOW_BANDWIDTH, streamId: rig.streamId, startTime, speed }, 50);
      return probe;
    };

    const runs: Record<string, Run> = {};
    // Each run starts early enough to play its window on recorded video (and not reach the live end).
    for (const speed of [4, 16, 64]) {
      const windowMs = Math.min(4_000, ((lastMs - firstMs - 10_000) / speed) * 0.8);
      const probe = await webRtc(firstMs + 2_000, speed);
      runs[`webrtc ${speed}x`] = await measure(probe, windowMs);
      await probe.stop();
    }
    const reverse = await lowBandwidth(lastMs - 5_000, -4);
    runs['low-bandwidth -4x'] = await measure(reverse, 4_000);
    await reverse.stop();

    const firsts: Record<string, number[]> = { 'webrtc 1x': [], 'low-bandwidth 1x': [], 'low-bandwidth -4x': [] };
    for (let i = 0; i < STARTS; i++) {
      const at = firstMs + 20_000 + i * 10_000;
      for (const [name, start] of [
        ['webrtc 1x', () => webRtc(at, 1)],
        ['low-bandwidth 1x', () => lowBandwidth(at, 1)],
        ['low-bandwidth -4x', () => lowBandwidth(at, -4)],
      ] as const) {
        const probe = await start();
        await waitFor('the first picture', 30_000, async () => (await probe.firstPictureMs()) !== undefined);
        firsts[name]!.push((await probe.firstPictureMs())!);
        await probe.stop();
      }
    }

    printTable(
      'Recorded playback at speed: pictures shown per second, and the speed the burnt-in time ran at',
      Object.entries(runs).map(([path, r]) => ({ path, 'pictures/s': Number(r.picturesPerSecond.toFixed(1)), 'shown speed': r.shownSpeed ?? '-', samples: r.samples })),
    );
    printTable(
      'Seek to first picture of a past time (ms)',
      Object.entries(firsts).map(([path, values]) => ({ path, p50: Math.round(percentile(values, 50)), max: Math.round(Math.max(...values)) })),
    );
    const figures: Figures = {};
    for (const [path, r] of Object.entries(runs)) figures[`${path}: pictures per second`] = higher(Number(r.picturesPerSecond.toFixed(1)));
    for (const [path, values] of Object.entries(firsts)) figures[`${path}: seek to first picture p50 ms`] = lower(Math.round(percentile(values, 50)));
    const file = writeResults('playback-speeds', { camera: '1280x720 25 fps H.264, keyframe every 1 s', recordedMs: lastMs - firstMs, lowBandwidth: LOW_BANDWIDTH, runs, firstPictureMs: firsts }, figures);
    console.log(`written ${file}`);
  } finally {
    await browser.close();
    await rig.stop();
  }
}

runScript(main);
