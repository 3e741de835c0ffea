/**
 * Bulk registration: 50 simulated ONVIF cameras registered with a real
 * recorder (`npm start`, no demo cameras) one at a time, as the add-cameras
 * dialog does (spec 4: sequential, one camera at a time): POST
 * /service/cameras with the device service URL and credentials, waiting for
 * each answer before the next. Figures: the total time, each registration's
 * p50/p95, and the recorder's CPU from /proc/<pid>/stat (its node process,
 * and its ffmpeg children apart) from the first registration until all 50
 * main streams run.
 *
 * Baseline, side by side in the same run: before each registration the
 * bench itself reads the same camera over ONVIF with the recorder's own
 * client (connect, device information, GetProfiles, GetStreamUri and encoder
 * options per profile: what registration must ask a camera), so the
 * headline is the registration time as a multiple of that bare read; the
 * rest is the recorder's own work (checks, SQLite, starting the ingest).
 *
 * Load kept bounded: after each timed POST (untimed) the camera's sub stream
 * is removed and the main stream set to 'continuous', so 50 ffmpeg ingests
 * run rather than 100 plus 50 motion decoders on a 2-core machine.
 * Loopback only; waits time out after 2 minutes; a watchdog ends everything
 * after 8 minutes. Writes bench/results/bulk-register.json.
 */
import type { Camera, StreamStatusesResponse } from '../server/shared/api';
import { startCameraSim, type CameraSim } from '../server/camera-sim/camera-sim';
import { readOnvifCamera } from '../server/recorder/core/onvif-client';
import { call, signIn, startRecorder, type RecorderProcess } from '../tests/integration/helpers/recorder-process';
import { waitFor } from '../tests/integration/recorder/helpers/media-recorder';
import { clockTicksPerSecond, commandLine, descendants, machineTicks } from './lib/proc-cpu';
import { lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';

const CAMERAS = 50;
const WAIT_MS = 120_000;
const WATCHDOG_MS = 8 * 60_000;

async function startSim(): Promise<CameraSim> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      return await startCameraSim({ count: CAMERAS, basePort: 20_000 + Math.floor(Math.random() * 300) * 100, motion: false });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** CPU ticks of the recorder's node process and of its ffmpeg children, now. */
function recorderTicks(npmPid: number): { node: number; ffmpeg: number } {
  let node = 0;
  let ffmpeg = 0;
  for (const stat of descendants(npmPid)) {
    const args = commandLine(stat.pid);
    if (args.includes('server/recorder/main.ts') && args.includes('loader.mjs')) node += stat.cpuTicks;
    else if (/(^|\/)ffmpeg\s/.test(args)) ffmpeg += stat.cpuTicks;
  }
  return { node, ffmpeg };
}

const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

async function main(): Promise<void> {
  let recorder: RecorderProcess | undefined;
  let sim: CameraSim | undefined;
  const watchdog = setTimeout(() => {
    console.error('bulk-register bench: watchdog fired');
    void Promise.allSettled([recorder?.stop(), sim?.stop()]).then(() => process.exit(1));
  }, WATCHDOG_MS);
  try {
    [recorder, sim] = await Promise.all([startRecorder(), startSim()]);
    const token = await signIn(recorder.baseUrl, 'admin', recorder.adminPassword);
    const hz = clockTicksPerSecond();
    const bareMs: number[] = [];
    const registerMs: number[] = [];
    const mainStreams: string[] = [];

    const cpuStart = recorderTicks(recorder.pid);
    const machineStart = machineTicks();
    const startedMs = performance.now();
    for (const [i, camera] of sim.cameras.entries()) {
      const connection = { uri: camera.onvifUrl, username: camera.username, password: camera.password };
      const t0 = performance.now();
      await readOnvifCamera(connection);
      bareMs.push(performance.now() - t0);

      const t1 = performance.now();
      const reply = await call<Camera>(recorder.baseUrl, 'POST', '/service/cameras', { token, json: { driver: 'ONVIF', connection, name: `Bulk ${i + 1}` } });
      registerMs.push(performance.now() - t1);
      if (reply.status !== 201) throw new Error(`registering camera ${i + 1}: ${reply.status} ${JSON.stringify(reply.body)}`);
      const [main, ...others] = reply.body.streams;
      for (const other of others) await call(recorder.baseUrl, 'DELETE', `/service/cameras/${reply.body.id}/streams/${other.id}`, { token });
      await call(recorder.baseUrl, 'PATCH', `/service/cameras/${reply.body.id}/streams/${main!.id}`, { token, json: { recordingStyle: 'continuous' } });
      mainStreams.push(main!.id);
    }
    await waitFor(
      `all ${CAMERAS} streams running`,
      async () => {
        const reply = await call<StreamStatusesResponse>(recorder!.baseUrl, 'GET', '/service/streams/status', { token });
        const running = reply.body.data.streams.filter((s) => s.streamState === 'running').length;
        return running >= CAMERAS ? running : undefined;
      },
      WAIT_MS,
    );
    const allRunningMs = performance.now();
    const cpuEnd = recorderTicks(recorder.pid);
    const machineEnd = machineTicks();

    const windowS = (allRunningMs - startedMs) / 1000;
    const share = (ticks: number): number => round((100 * ticks) / hz / windowS, 1);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const regP50 = percentile(sorted(registerMs), 50);
    const regP95 = percentile(sorted(registerMs), 95);
    const bareP50 = percentile(sorted(bareMs), 50);
    const bareP95 = percentile(sorted(bareMs), 95);
    const result = {
      cameras: CAMERAS,
      totalRegistrationS: round(registerMs.reduce((a, b) => a + b, 0) / 1000, 2),
      untilAllRunningS: round(windowS, 1),
      registerP50Ms: round(regP50),
      registerP95Ms: round(regP95),
      bareOnvifReadP50Ms: round(bareP50),
      bareOnvifReadP95Ms: round(bareP95),
      p50VsBare: round(regP50 / bareP50, 3),
      p95VsBare: round(regP95 / bareP95, 3),
      recorderNodeCpuPercent: share(cpuEnd.node - cpuStart.node),
      recorderFfmpegCpuPercent: share(cpuEnd.ffmpeg - cpuStart.ffmpeg),
      machineBusyPercent: round((100 * (machineEnd.busy - machineStart.busy)) / Math.max(1, machineEnd.total - machineStart.total), 1),
    };
    printTable(`Registering ${CAMERAS} ONVIF cameras one at a time (POST /service/cameras)`, [
      { measure: 'registration, p50 ms', value: result.registerP50Ms, 'x bare ONVIF read': result.p50VsBare },
      { measure: 'registration, p95 ms', value: result.registerP95Ms, 'x bare ONVIF read': result.p95VsBare },
      { measure: 'bare ONVIF read by the bench (baseline), p50 ms', value: result.bareOnvifReadP50Ms, 'x bare ONVIF read': 1 },
      { measure: `all ${CAMERAS} POSTs, s (sum of registrations)`, value: result.totalRegistrationS, 'x bare ONVIF read': '' },
      { measure: 'first POST until all streams run, s', value: result.untilAllRunningS, 'x bare ONVIF read': '' },
      { measure: 'recorder node process, % of a core', value: result.recorderNodeCpuPercent, 'x bare ONVIF read': '' },
      { measure: 'recorder ffmpeg children, % of a core', value: result.recorderFfmpegCpuPercent, 'x bare ONVIF read': '' },
      { measure: 'whole machine busy, % of all cores', value: result.machineBusyPercent, 'x bare ONVIF read': '' },
    ]);
    console.log('Baseline: the bench reads each camera over ONVIF itself (connect, device info, GetProfiles, GetStreamUri, options) just before registering it; "x bare ONVIF read" is registration time over that.');
    const figures: Figures = {
      'registration p50, x bare ONVIF read': lower(result.p50VsBare, 'ratio'),
      'registration p95, x bare ONVIF read': lower(result.p95VsBare, 'ratio'),
      [`${CAMERAS} registrations, total s`]: lower(result.totalRegistrationS),
      'recorder node while streams come up, % of a core': lower(result.recorderNodeCpuPercent),
    };
    console.log(`written: ${writeResults('bulk-register', { result, registerMs: registerMs.map((v) => round(v)), bareMs: bareMs.map((v) => round(v)) }, figures)}`);
  } finally {
    clearTimeout(watchdog);
    await recorder?.stop();
    await sim?.stop();
  }
}

await main();
