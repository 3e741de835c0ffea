/**
 * Cost of motion detection per stream: a real recorder records one
 * simulated camera (main 1280x720 and sub 640x360, 25 fps, a keyframe a
 * second, the moving object on) and detects motion on one stream at a
 * time; the share of a core of that stream's decoder child (ffmpeg
 * reading the recorder's own feed on stdin, 160x90 grey at 5 fps) is read
 * from /proc/<pid>/stat (utime + stime) over ~20 s. Cases: every frame
 * decoded, and decode.keyFramesOnly (spec 3), on each stream. Also the
 * comparison done in the recorder's own thread per picture (frame
 * differencer at 160x90), timed in process on synthetic pictures.
 * Prints the table and writes bench/results/motion.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Camera, RecordingConfiguration, Stream } from '../server/shared/api';
import { configurationFor } from '../server/shared/recording-style';
import { FrameDifferencer } from '../server/recorder/motion/frame-differencer';
import { DETECTION_HEIGHT, DETECTION_WIDTH } from '../server/recorder/motion/motion-ffmpeg-args';
import { startMediaRecorder, waitFor, type MediaRecorder } from '../tests/integration/recorder/helpers/media-recorder';
import { startSimulator } from '../tests/integration/recorder/helpers/simulator';
import { lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';

const SAMPLE_S = 20;
const TICKS_PER_S = 100; // USER_HZ on Linux

function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function decoderPids(recorder: MediaRecorder): number[] {
  return recorder.ffmpegs().filter((p) => p.args.includes('format=gray') && p.args.includes('pipe:0')).map((p) => p.pid);
}

async function shareOfCore(pid: number, seconds: number): Promise<number> {
  const t0 = performance.now();
  const c0 = cpuTicks(pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const c1 = cpuTicks(pid);
  const elapsedS = (performance.now() - t0) / 1000;
  return (100 * (c1 - c0)) / TICKS_PER_S / elapsedS;
}

async function setConfig(recorder: MediaRecorder, camera: Camera, stream: Stream, config: RecordingConfiguration): Promise<void> {
  const reply = await recorder.call('PATCH', `/service/cameras/${camera.id}/streams/${stream.id}`, { recordingConfiguration: config });
  if (reply.status !== 200) throw new Error(`PATCH failed: ${reply.status} ${JSON.stringify(reply.body)}`);
}

function comparisonCost(): { p50Us: number; p95Us: number; perStreamShareOfCore: number } {
  const differencer = new FrameDifferencer(DETECTION_WIDTH, DETECTION_HEIGHT);
  const frames = Array.from({ length: 50 }, (_, i) => {
    const frame = new Uint8Array(DETECTION_WIDTH * DETECTION_HEIGHT).fill(80);
    for (let y = 60; y < 69; y++) for (let x = (i * 7) % 150; x < ((i * 7) % 150) + 9; x++) frame[y * DETECTION_WIDTH + x] = 235;
    return frame;
  });
  const samples: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t0 = performance.now();
    differencer.compare(frames[i % frames.length]!, 200);
    samples.push((performance.now() - t0) * 1000);
  }
  const p50Us = percentile(samples, 50);
  return { p50Us: Math.round(p50Us), p95Us: Math.round(percentile(samples, 95)), perStreamShareOfCore: Number(((p50Us * 5) / 1e6 * 100).toFixed(3)) };
}

async function main(): Promise<void> {
  const [recorder, sim] = await Promise.all([startMediaRecorder(), startSimulator(1, { motion: true })]);
  const rows: Array<Record<string, string | number>> = [];
  try {
    const c = sim.cameras[0]!;
    const reply = await recorder.call<Camera>('POST', '/service/cameras', {
      driver: 'ONVIF',
      connection: { uri: c.onvifUrl, username: c.username, password: c.password },
      name: 'Bench',
    });
    if (reply.status !== 201) throw new Error(`register: ${reply.status}`);
    const camera = reply.body;
    const [main, sub] = camera.streams as [Stream, Stream];
    const detecting = configurationFor('continuous-motion');
    const plain = configurationFor('continuous');
    for (const [label, stream, other, keyFramesOnly] of [
      ['main 1280x720, every frame', main, sub, false],
      ['main 1280x720, keyframes only', main, sub, true],
      ['sub 640x360, every frame', sub, main, false],
      ['sub 640x360, keyframes only', sub, main, true],
    ] as const) {
      await setConfig(recorder, camera, other, plain);
      await setConfig(recorder, camera, stream, { ...detecting, decode: { keyFramesOnly } });
      const pid = await waitFor('one motion decoder', () => {
        const pids = decoderPids(recorder);
        return pids.length === 1 ? pids[0] : undefined;
      }, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000)); // past the start-up burst
      const percent = await shareOfCore(pid, SAMPLE_S);
      rows.push({ case: label, decoderPercentOfCore: Number(percent.toFixed(2)), sampledSeconds: SAMPLE_S });
      console.log(`${label}: ${percent.toFixed(2)} % of a core`);
    }
  } finally {
    await recorder.stop();
    await sim.stop();
  }
  const comparison = comparisonCost();
  printTable('Motion detection: decoder child, % of one core (160x90 grey, 5 pictures/s at most)', rows);
  printTable('Frame comparison in the recorder thread (160x90), per picture', [{ ...comparison }]);
  const figures: Figures = { 'frame comparison p50 us': lower(comparison.p50Us) };
  for (const row of rows) figures[`${row.case}: decoder % of a core`] = lower(Number(row.decoderPercentOfCore));
  // Keyframes only against every frame of the same stream, measured in the same run: the saving spec 3 promises.
  for (const stream of ['main 1280x720', 'sub 640x360']) {
    const every = rows.find((row) => row.case === `${stream}, every frame`);
    const keyframes = rows.find((row) => row.case === `${stream}, keyframes only`);
    if (every && keyframes) figures[`${stream}: keyframes-only decoder x every-frame decoder`] = lower(Number(keyframes.decoderPercentOfCore) / Number(every.decoderPercentOfCore), 'ratio');
  }
  const file = writeResults('motion', { machine: { loadAverage: os.loadavg() }, decoders: rows, comparison }, figures);
  console.log(`written ${file}`);
}

await main();
