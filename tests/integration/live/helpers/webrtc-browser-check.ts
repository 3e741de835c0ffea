/**
 * Run inside a network namespace with only loopback (see browser-probe.ts):
 * starts a recorder with a simulated camera, plays WebRTC live and from the
 * recording in headless Chromium, and prints one JSON line with what the
 * browser decoded and showed. webrtc-browser.test.ts asserts on it.
 *
 *   unshare -n sh -c 'ip link set lo up && npx tsx tests/integration/live/helpers/webrtc-browser-check.ts'
 */
import { launchChromium, probePage, waitFor } from './browser-probe';
import { ticketFor } from '../../helpers/recorder-process';
import { startLiveRig } from './live-rig';
import { runScript } from '../../helpers/run-script';

export interface BrowserCheckResult {
  live: { framesDecoded: number[]; signallingErrors: unknown[]; shownMs: number[]; checkedAtMs: number };
  archive: { requestedMs: number; framesDecoded: number[]; signallingErrors: unknown[]; shownMs: number[] };
}

async function main(): Promise<void> {
  const rig = await startLiveRig({ recordedMs: 12_000 });
  const browser = await launchChromium();
  try {
    const play = async (time: number) => {
      const probe = await probePage(browser, rig.baseUrl);
      const wsUrl = `${rig.baseUrl.replace('http', 'ws')}/service/streams/webrtc?ticket=${await ticketFor(rig.baseUrl, rig.token, 'webrtc')}`;
      await probe.playWebRtc(wsUrl, { streamId: rig.streamId, time });
      const framesDecoded: number[] = [];
      await waitFor('decoded frames', 30_000, async () => (await probe.framesDecoded()) > 0);
      framesDecoded.push(await probe.framesDecoded());
      await waitFor('more decoded frames', 30_000, async () => (await probe.framesDecoded()) > framesDecoded[0]! + 25);
      framesDecoded.push(await probe.framesDecoded());
      // The pictures sampled so far, and more until one has a readable strip: on a loaded machine the first
      // samples can all be unreadable (seen in CI) though frames were decoded.
      const shownMs: number[] = [];
      await waitFor('a picture with a readable time strip', 30_000, async () => {
        shownMs.push(...(await probe.takeSamples()).flatMap((s) => (s.captureMs === undefined ? [] : [s.captureMs])));
        return shownMs.length > 0;
      });
      const signallingErrors = await probe.signallingErrors();
      await probe.stop();
      return { framesDecoded, signallingErrors, shownMs };
    };
    const live = { ...(await play(0)), checkedAtMs: Date.now() };
    const [first] = await rig.archives();
    const requestedMs = first!.start + 5000;
    const archive = { requestedMs, ...(await play(requestedMs)) };
    const result: BrowserCheckResult = { live, archive };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await browser.close();
    await rig.stop();
  }
}

runScript(main);
