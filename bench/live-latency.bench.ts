/**
 * Live latency, glass to glass: a simulated camera burns its capture time
 * into every picture (time strip); a real recorder records it; headless
 * Chromium plays it over WebRTC and over low-bandwidth JPEGs (640x360,
 * 10 fps, pulled one per request) and reads the strip of what it displays.
 * WebRTC runs twice: with the receiver's jitter buffer hint the product's
 * player sets for live (webrtc-messages.ts LIVE_JITTER_BUFFER_TARGET_MS),
 * and with the browser's own jitter buffer, the baseline beside it.
 * Latency = display time - capture time (one machine, one clock). Also the
 * time to the first picture: from 'create' (WebRTC) or POST (low
 * bandwidth) to the first picture shown, in a fresh page each time.
 *
 * Chromium needs a network namespace with only loopback to use WebRTC on
 * 127.0.0.1 (FIELD-NOTES), so this re-runs itself under `unshare -n`
 * (root). Bounded: about 8 s of sampling per path plus three starts each.
 * Prints p50/p95 and writes bench/results/live-latency.json.
 */
import { launchChromium, probePage, type BrowserProbe, waitFor } from '../tests/integration/live/helpers/browser-probe';
import { startLiveRig } from '../tests/integration/live/helpers/live-rig';
import { ticketFor } from '../tests/integration/helpers/recorder-process';
import { lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';
import { runInPrivateNetwork, runScript } from '../tests/integration/helpers/run-script';
import { LIVE_JITTER_BUFFER_TARGET_MS } from '../src/media/webrtc/webrtc-messages';

const SAMPLING_MS = 8_000;
const STARTS = 3;
const LOW_BANDWIDTH = { resolution: { width: 640, height: 360 }, startTime: 0, rate: 10, waitThres: 2000, transport: 'websocket-base64' };

runInPrivateNetwork('bench/live-latency.bench.ts');

function summary(values: number[]) {
  return {
    count: values.length,
    p50: Math.round(percentile(values, 50)),
    p95: Math.round(percentile(values, 95)),
    min: Math.round(Math.min(...values)),
    max: Math.round(Math.max(...values)),
  };
}

async function latencies(probe: BrowserProbe): Promise<number[]> {
  await waitFor('pictures', 30_000, async () => (await probe.pictures()) > 0);
  await probe.takeSamples(); // drop the start (the cached GOP shows older pictures)
  await new Promise((resolve) => setTimeout(resolve, SAMPLING_MS));
  return (await probe.takeSamples()).flatMap((s) => (s.captureMs === undefined ? [] : [s.displayMs - s.captureMs]));
}

async function main(): Promise<void> {
  const rig = await startLiveRig();
  const browser = await launchChromium();
  try {
    // Each signalling socket opens with a single-use ticket.
    const wsUrl = async () => `${rig.baseUrl.replace('http', 'ws')}/service/streams/webrtc?ticket=${await ticketFor(rig.baseUrl, rig.token, 'webrtc')}`;
    // As the product's player plays live (its receiver's jitter buffer hint), and with the browser's own
    // jitter buffer beside it as the baseline of the same run.
    const webRtcWith = (jitterBufferTargetMs: number | undefined) => async () => {
      const probe = await probePage(browser, rig.baseUrl);
      await probe.playWebRtc(await wsUrl(), { streamId: rig.streamId, time: 0 }, 100, jitterBufferTargetMs);
      return probe;
    };
    const lowBandwidth = async () => {
      const probe = await probePage(browser, rig.baseUrl);
      await probe.playLowBandwidth(rig.baseUrl, rig.token, { ...LOW_BANDWIDTH, streamId: rig.streamId }, 100);
      return probe;
    };
    const results: Record<string, { firstPictureMs: ReturnType<typeof summary>; latencyMs: ReturnType<typeof summary> }> = {};
    const paths = [
      ['webrtc', webRtcWith(LIVE_JITTER_BUFFER_TARGET_MS)],
      ['webrtc, browser jitter buffer', webRtcWith(undefined)],
      ['low-bandwidth', lowBandwidth],
    ] as const;
    for (const [name, start] of paths) {
      const firsts: number[] = [];
      for (let i = 0; i < STARTS; i++) {
        const probe = await start();
        await waitFor('the first picture', 30_000, async () => (await probe.firstPictureMs()) !== undefined);
        firsts.push((await probe.firstPictureMs())!);
        await probe.stop();
      }
      const probe = await start();
      const latency = await latencies(probe);
      await probe.stop();
      if (latency.length === 0) throw new Error(`${name}: no readable time strip in the displayed pictures`);
      results[name] = { firstPictureMs: summary(firsts), latencyMs: summary(latency) };
    }
    printTable(
      'Live latency, camera capture to browser display (ms)',
      Object.entries(results).map(([path, r]) => ({
        path,
        'latency p50': r.latencyMs.p50,
        'latency p95': r.latencyMs.p95,
        samples: r.latencyMs.count,
        'first picture p50': r.firstPictureMs.p50,
        'first picture max': r.firstPictureMs.max,
      })),
    );
    const figures: Figures = {};
    for (const [path, r] of Object.entries(results)) {
      figures[`${path}: latency p50 ms`] = lower(r.latencyMs.p50);
      figures[`${path}: latency p95 ms`] = lower(r.latencyMs.p95);
      figures[`${path}: first picture p50 ms`] = lower(r.firstPictureMs.p50);
    }
    const file = writeResults('live-latency', {
      camera: '1280x720 25 fps H.264, keyframe every 1 s (camera simulator main stream)',
      lowBandwidth: LOW_BANDWIDTH,
      samplingMs: SAMPLING_MS,
      starts: STARTS,
      ...results,
    }, figures);
    console.log(`written ${file}`);
  } finally {
    await browser.close();
    await rig.stop();
  }
}

runScript(main);
