/**
 * Recording cost: a real recorder (`npm start`, no demo cameras) records 8
 * simulated ONVIF cameras registered as users do, main and sub stream each
 * (16 streams, the recorder's default recording style). Once all 16 run,
 * CPU is sampled over 30 s from /proc: the recorder's node process, its
 * ffmpeg children (one ingest per stream, plus any motion decoders), and
 * the simulator (this process and its encoders) apart, as a share of one
 * core. Also the time from each camera's registration to each stream
 * running and to its first archive segment being indexed.
 *
 * Bounded: registration and waits time out after 2 minutes, the sampling
 * window is fixed, and a watchdog ends everything after 6 minutes. Prints
 * the tables and writes bench/results/recording.json.
 *
 * Limits: on a shared machine other processes compete for the same cores;
 * the whole machine's busy share over the window is printed beside the
 * figures so that can be judged.
 */
import fs from 'node:fs';
import type { Camera, StreamStatusesResponse } from '../server/shared/api';
import { call, signIn, startRecorder, type RecorderProcess } from '../tests/integration/helpers/recorder-process';
import { waitFor } from '../tests/integration/recorder/helpers/media-recorder';
import { startSimulator } from '../tests/integration/recorder/helpers/simulator';
import { clockTicksPerSecond, commandLine, descendants, machineTicks, readProcStat } from './lib/proc-cpu';
import { lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';

const CAMERAS = 8;
const SAMPLE_MS = 30_000;
const SETTLE_MS = 5_000;
const WAIT_MS = 120_000;
const WATCHDOG_MS = 6 * 60_000;

interface StreamInfo {
  id: string;
  label: string;
  registeredAtMs: number;
  runningMs?: number;
  firstArchiveMs?: number;
}

type ProcessKind = 'recorder' | 'ingest' | 'motion' | 'other ffmpeg' | 'launcher';

interface Measured {
  pid: number;
  kind: ProcessKind;
  streamId?: string;
  ticks: number;
}

/** What each process below the npm process is, and which stream an ingest ffmpeg serves (its segment folder). */
function recorderProcesses(npmPid: number, streamIds: readonly string[]): Measured[] {
  return descendants(npmPid).map((stat) => {
    const args = commandLine(stat.pid);
    const base = { pid: stat.pid, ticks: stat.cpuTicks };
    if (args.includes('server/recorder/main.ts') && args.includes('loader.mjs')) return { ...base, kind: 'recorder' };
    if (!/(^|\/)ffmpeg\s/.test(args)) return { ...base, kind: 'launcher' };
    const streamId = streamIds.find((id) => args.includes(`/${id}/`));
    if (streamId) return { ...base, kind: 'ingest', streamId };
    return { ...base, kind: args.includes('-i pipe:0') ? 'motion' : 'other ffmpeg' };
  });
}

function summary(values: number[]) {
  return { count: values.length, p50: Math.round(percentile(values, 50)), max: Math.round(Math.max(...values)) };
}

/** Registers the cameras one after another (as the add-cameras dialog does), adding their streams to `streams`. */
async function register(recorder: RecorderProcess, token: string, sim: Awaited<ReturnType<typeof startSimulator>>, streams: StreamInfo[]): Promise<void> {
  for (const [index, camera] of sim.cameras.entries()) {
    const registeredAtMs = Date.now();
    const reply = await call<Camera>(recorder.baseUrl, 'POST', '/service/cameras', {
      token,
      json: { driver: 'ONVIF', connection: { uri: camera.onvifUrl, username: camera.username, password: camera.password }, name: `Bench ${index + 1}` },
    });
    if (reply.status !== 201) throw new Error(`registering camera ${index + 1}: ${reply.status} ${JSON.stringify(reply.body)}`);
    for (const stream of reply.body.streams) streams.push({ id: stream.id, label: `Bench ${index + 1} / ${stream.name}`, registeredAtMs });
  }
  if (streams.length !== CAMERAS * 2) throw new Error(`expected ${CAMERAS * 2} streams (main and sub per camera), got ${streams.length}`);
}

/**
 * Polls the status list (every 250 ms, while registration goes on) until all
 * the expected streams run and have an archive, noting when each first did.
 */
async function waitForRecording(recorder: RecorderProcess, token: string, streams: StreamInfo[], expected: number): Promise<void> {
  await waitFor(
    'all streams running with an archive',
    async () => {
      const reply = await call<StreamStatusesResponse>(recorder.baseUrl, 'GET', '/service/streams/status', { token });
      const nowMs = Date.now();
      for (const status of reply.body.data.streams) {
        const stream = streams.find((s) => s.id === status.id);
        if (!stream) continue;
        if (stream.runningMs === undefined && status.streamState === 'running') stream.runningMs = nowMs - stream.registeredAtMs;
        if (stream.firstArchiveMs === undefined && status.lastArchiveWritten !== null) stream.firstArchiveMs = nowMs - stream.registeredAtMs;
      }
      const done = streams.length === expected && streams.every((s) => s.runningMs !== undefined && s.firstArchiveMs !== undefined);
      return done ? true : undefined;
    },
    WAIT_MS,
  );
}

async function measure(recorder: RecorderProcess, sim: Awaited<ReturnType<typeof startSimulator>>, streams: StreamInfo[]) {
  const hz = clockTicksPerSecond();
  const ids = streams.map((s) => s.id);
  // The simulator runs in this process (RTSP, ONVIF, frame clock) plus its encoder children.
  const simTicks = () => new Map([process.pid, ...sim.encoderPids()].flatMap((pid) => readProcStat(pid) ?? []).map((s) => [s.pid, s.cpuTicks]));
  const before = recorderProcesses(recorder.pid, ids);
  const simBefore = simTicks();
  const machineBefore = machineTicks();
  const startedMs = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  const seconds = (performance.now() - startedMs) / 1000;
  const after = recorderProcesses(recorder.pid, ids);
  const simAfter = simTicks();
  const machineAfter = machineTicks();

  // Share of one core over the window, for processes alive at both ends of it.
  const share = (ticks: number) => Number(((ticks / hz / seconds) * 100).toFixed(1));
  const delta = (pid: number) => {
    const a = before.find((p) => p.pid === pid);
    const b = after.find((p) => p.pid === pid);
    return a && b ? b.ticks - a.ticks : undefined;
  };
  const changed = after.filter((p) => delta(p.pid) === undefined).length + before.filter((p) => delta(p.pid) === undefined).length;
  const sumOf = (kind: ProcessKind) => after.filter((p) => p.kind === kind).reduce((sum, p) => sum + (delta(p.pid) ?? 0), 0);
  const simDelta = (pid: number) => (simBefore.has(pid) && simAfter.has(pid) ? simAfter.get(pid)! - simBefore.get(pid)! : 0);
  const simNode = simDelta(process.pid);
  const simEncoders = [...simAfter.keys()].filter((pid) => pid !== process.pid).reduce((sum, pid) => sum + simDelta(pid), 0);

  const recorderNode = sumOf('recorder');
  const ingest = sumOf('ingest');
  const motion = sumOf('motion');
  const otherFfmpeg = sumOf('other ffmpeg');
  const launchers = sumOf('launcher');
  const machineBusy = ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) * 100;
  const totals = {
    recorderNodePercent: share(recorderNode),
    ingestFfmpegPercent: share(ingest),
    ingestFfmpegCount: after.filter((p) => p.kind === 'ingest').length,
    motionDecodersPercent: share(motion),
    motionDecoderCount: after.filter((p) => p.kind === 'motion').length,
    otherFfmpegPercent: share(otherFfmpeg),
    launchersPercent: share(launchers),
    recorderTotalPercent: share(recorderNode + ingest + motion + otherFfmpeg + launchers),
    simulatorNodePercent: share(simNode),
    simulatorEncodersPercent: share(simEncoders),
    simulatorEncoderCount: simAfter.size - 1,
    machineBusyPercentOfAllCores: Number(machineBusy.toFixed(1)),
    processesStartedOrEndedInWindow: changed,
    seconds: Number(seconds.toFixed(1)),
  };
  const perStream = streams.map((s) => {
    const ingestProcess = after.find((p) => p.kind === 'ingest' && p.streamId === s.id);
    const ticks = ingestProcess ? delta(ingestProcess.pid) : undefined;
    return { stream: s.label, ingestPercent: ticks === undefined ? Number.NaN : share(ticks) };
  });
  return { totals, perStream };
}

async function main(): Promise<void> {
  const recorder = await startRecorder({ demoCameras: 0, extraArgs: ['--log-level', 'warn'] });
  let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
  const cleanUp = async () => {
    await recorder.stop();
    await sim?.stop();
    fs.rmSync(recorder.dataDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error(`recording bench: still running after ${WATCHDOG_MS / 60_000} minutes; stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  try {
    sim = await startSimulator(CAMERAS, { motion: true });
    const token = await signIn(recorder.baseUrl, 'admin', recorder.adminPassword);
    const streams: StreamInfo[] = [];
    const recording = waitForRecording(recorder, token, streams, CAMERAS * 2);
    // Both run at once; a registration failure is the error to show, so the poller's is only waited for after it.
    recording.catch(() => undefined);
    await register(recorder, token, sim, streams);
    await recording;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const { totals, perStream } = await measure(recorder, sim, streams);

    const timeToRunningMs = summary(streams.map((s) => s.runningMs!));
    const timeToFirstArchiveMs = summary(streams.map((s) => s.firstArchiveMs!));
    printTable(`Recording ${streams.length} streams (${CAMERAS} cameras), CPU as % of one core over ${totals.seconds} s`, [
      { process: 'recorder node', percent: totals.recorderNodePercent },
      { process: `ingest ffmpeg (${totals.ingestFfmpegCount})`, percent: totals.ingestFfmpegPercent },
      { process: `motion decoders (${totals.motionDecoderCount})`, percent: totals.motionDecodersPercent },
      { process: 'other recorder ffmpeg', percent: totals.otherFfmpegPercent },
      { process: 'npm/tsx launchers', percent: totals.launchersPercent },
      { process: 'recorder total', percent: totals.recorderTotalPercent },
      { process: 'simulator node (bench process)', percent: totals.simulatorNodePercent },
      { process: `simulator encoders (${totals.simulatorEncoderCount})`, percent: totals.simulatorEncodersPercent },
      { process: 'whole machine busy, % of all cores', percent: totals.machineBusyPercentOfAllCores },
    ]);
    printTable('Ingest ffmpeg per stream, % of one core', perStream);
    printTable('From registration (ms)', [
      { to: 'stream running', ...timeToRunningMs },
      { to: 'first archive segment indexed', ...timeToFirstArchiveMs },
    ]);
    if (totals.processesStartedOrEndedInWindow > 0) console.log(`note: ${totals.processesStartedOrEndedInWindow} process(es) started or ended during the window`);
    const figures: Figures = {
      'recorder node, % of a core': lower(totals.recorderNodePercent),
      'ingest ffmpeg (all), % of a core': lower(totals.ingestFfmpegPercent),
      'motion decoders (all), % of a core': lower(totals.motionDecodersPercent),
      'recorder total, % of a core': lower(totals.recorderTotalPercent),
      'registration to running p50 ms': lower(timeToRunningMs.p50),
      'registration to first archive p50 ms': lower(timeToFirstArchiveMs.p50),
    };
    const file = writeResults('recording', {
      cameras: CAMERAS,
      streams: streams.length,
      sampleMs: SAMPLE_MS,
      cpuPercentOfOneCore: totals,
      perStream,
      timeToRunningMs,
      timeToFirstArchiveMs,
    }, figures);
    console.log(`written: ${file}`);
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

await main();
