/**
 * The aggregator at scale, every figure a ratio against a baseline measured
 * side by side in the same run (the machine is shared: bare times move with
 * its load, ratios much less), all traffic on loopback:
 *
 * 1. Proxy overhead: the same recorder calls made directly to a recorder
 *    and through the aggregator's HTTP proxy (/service/orchid-proxy/{id}/
 *    service/...), at a fixed concurrency over keep-alive connections: the
 *    camera list, a page of 100 archive rows, and a live JPEG frame of a
 *    demo camera (one short ffmpeg per request on the recorder). The
 *    recorder is a real process as users start it, with one demo camera
 *    and a seeded camera with 200 archive rows.
 * 2. Fan-out: GET /service/cameras on the aggregator with 1, 2, 4 and 8
 *    registered recorders of 4 cameras each, which asks every recorder in
 *    parallel as the signed-in user, against two baselines: one recorder's
 *    own GET /service/cameras (the headline the question asks: what a
 *    federation-wide list costs over one server's), and the same N calls
 *    made by the bench in parallel (what the recorders cost, so the ratio
 *    is the aggregator's own share). The recorders live in one child
 *    process (lib/recorder-host.ts), without media, so eight fit on two
 *    cores; that also means the N answers are made one after another on one
 *    event loop, where real recorders on their own machines would answer
 *    side by side: the ratio over one recorder grows with N faster here
 *    than it would in a real federation, the ratio over the parallel calls
 *    does not carry that bias.
 *
 * Each case runs in rounds (baseline and case back to back, the order
 * swapped every round); the headline is the median of the per-round p50
 * ratios (lib/paired-ratio.ts). Every run is bounded in requests and time,
 * and a case is skipped rather than started once the bench is past its
 * time budget. Not measured: the WebSocket proxy, sign-in with per-recorder
 * sessions for many users (the recorder's sign-in limiter and scrypt would
 * dominate it).
 *
 * Prints the figures and writes bench/results/aggregator.json.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CamerasResponse, Orchid } from '../server/shared/api';
import { migrate } from '../server/recorder/core/db/database';
import { startAggregator, type AggregatorProcess } from '../tests/integration/helpers/aggregator-process';
import { call, signIn, startRecorder, type RecorderProcess } from '../tests/integration/helpers/recorder-process';
import { seedCamera } from '../tests/integration/helpers/seed-recording';
import { higher, lower, type Figures } from './lib/figures';
import { mergeRuns, runLoad, summarizeLoad, type LoadOptions, type LoadRun } from './lib/load';
import { pairedRatio } from './lib/paired-ratio';
import { printTable, writeResults } from './lib/report';
import { startRecorderHost, type RecorderHost } from './lib/recorder-host';

const RECORDER_PASSWORD = 'bench-Recorder-71';
const ROUNDS = 4;
const PROXY_CONCURRENCY = 8;
const FANOUT_CONCURRENCY = 4;
const RECORDER_COUNTS = [1, 2, 4, 8];
const CAMERAS_EACH = 4;
const ARCHIVE_ROWS = 200;
/** Past this, the cases not started yet are skipped (start-up and clean-up come on top). */
const BUDGET_MS = 140_000;

const JSON_RUN: LoadOptions = { concurrency: PROXY_CONCURRENCY, maxRequests: 200, maxMs: 4_000 };
const FRAME_RUN: LoadOptions = { concurrency: PROXY_CONCURRENCY, maxRequests: 16, maxMs: 8_000 };
const FANOUT_RUN: LoadOptions = { concurrency: FANOUT_CONCURRENCY, maxRequests: 80, maxMs: 3_000 };

const benchStartMs = performance.now();
const overBudget = () => performance.now() - benchStartMs > BUDGET_MS;

/** GET /service/cameras of each recorder at once, as the aggregator asks them; answers the worst status. */
async function parallelCameras(baseUrls: readonly string[], tokens: readonly string[]): Promise<number> {
  const statuses = await Promise.all(baseUrls.map((baseUrl, i) => get(`${baseUrl}/service/cameras`, tokens[i]!)));
  return Math.max(...statuses);
}

/** The size of one answer, to show that both sides were sent the same. */
async function answerBytes(url: string, token: string): Promise<number> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return (await response.arrayBuffer()).byteLength;
}

/** GET with a bearer, the whole body read; answers the status. */
async function get(url: string, token: string): Promise<number> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

interface Side {
  label: string;
  request: () => Promise<number>;
}

interface CaseResult {
  baseline: LoadRun;
  measured: LoadRun;
  p50Ratio: ReturnType<typeof pairedRatio>;
  throughputRatio: ReturnType<typeof pairedRatio>;
}

/**
 * Every side in each round, back to back, the order rotated each round so no
 * side always runs first or last; answers runs[side][round].
 */
async function inRounds(sides: readonly Side[], options: LoadOptions): Promise<LoadRun[][]> {
  // Warm-up, not counted: connections, the user's session on the recorder, JIT.
  for (const side of sides) await runLoad({ ...options, maxRequests: Math.min(options.maxRequests, 50), maxMs: 2_000 }, side.request);
  const runs: LoadRun[][] = sides.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < sides.length; i++) {
      const index = (i + round) % sides.length;
      const run = await runLoad(options, sides[index]!.request);
      if (run.failures > 0) throw new Error(`${sides[index]!.label}: ${run.failures} of ${run.latenciesMs.length} requests failed`);
      runs[index]!.push(run);
    }
  }
  return runs;
}

/** One side against another over the same rounds: their runs merged, and the per-round ratios' medians. */
function compare(baseline: readonly LoadRun[], measured: readonly LoadRun[]): CaseResult {
  const pairs = (pick: (run: LoadRun) => number) => baseline.map((run, round) => ({ baseline: pick(run), measured: pick(measured[round]!) }));
  return {
    baseline: mergeRuns(baseline),
    measured: mergeRuns(measured),
    p50Ratio: pairedRatio(pairs((run) => summarizeLoad(run).p50Ms)),
    throughputRatio: pairedRatio(pairs((run) => summarizeLoad(run).perSecond)),
  };
}

const fixed = (value: number, digits = 2) => Number(value.toFixed(digits));

function row(name: string, result: CaseResult, baselineLabel: string, measuredLabel: string): Record<string, string | number> {
  const [b, m] = [summarizeLoad(result.baseline), summarizeLoad(result.measured)];
  return {
    case: name,
    [`${baselineLabel} p50 ms`]: fixed(b.p50Ms),
    [`${baselineLabel} p95 ms`]: fixed(b.p95Ms),
    [`${baselineLabel} req/s`]: Math.round(b.perSecond),
    [`${measuredLabel} p50 ms`]: fixed(m.p50Ms),
    [`${measuredLabel} p95 ms`]: fixed(m.p95Ms),
    [`${measuredLabel} req/s`]: Math.round(m.perSecond),
    'p50 ratio (min-max)': `${fixed(result.p50Ratio.ratio)} (${fixed(result.p50Ratio.min)}-${fixed(result.p50Ratio.max)})`,
    'req/s ratio': fixed(result.throughputRatio.ratio),
  };
}

/** A recorder folder with one camera whose stream has ARCHIVE_ROWS 10-minute segments (empty files, so start-up keeps them). */
function seedArchives(dataDir: string): { streamId: string; cameraId: string } {
  const ids = seedCamera({ dataDir, cameraName: 'Archived', rtspUrl: 'rtsp://127.0.0.1:1/none', onvifUrl: 'http://127.0.0.1:1/onvif/device_service', username: '', password: '' });
  const db = new Database(path.join(dataDir, 'recorder.db'));
  migrate(db);
  const insert = db.prepare('INSERT INTO archives (stream_id, camera_id, start_ms, end_ms, path, size_bytes, active) VALUES (?, ?, ?, ?, ?, ?, 0)');
  const segmentMs = 600_000;
  const firstMs = Date.now() - (ARCHIVE_ROWS + 1) * segmentMs;
  fs.mkdirSync(path.join(dataDir, 'orchives', ids.streamId), { recursive: true });
  db.transaction(() => {
    for (let i = 0; i < ARCHIVE_ROWS; i++) {
      const startMs = firstMs + i * segmentMs;
      const relative = path.join('orchives', ids.streamId, `${startMs}.mkv`);
      fs.writeFileSync(path.join(dataDir, relative), '');
      insert.run(ids.streamId, ids.cameraId, startMs, startMs + segmentMs, relative, 30 * 1024 ** 2);
    }
  })();
  db.close();
  return ids;
}

async function register(aggregator: AggregatorProcess, token: string, name: string, uri: string): Promise<string> {
  const reply = await call<Orchid>(aggregator.baseUrl, 'POST', '/service/orchids', { token, json: { name, uri, username: 'admin', password: RECORDER_PASSWORD } });
  if (reply.status !== 201) throw new Error(`registering ${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.id;
}

/** The demo camera's main stream, once it answers a live picture. */
async function liveStream(recorder: RecorderProcess, token: string, notCameraId: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const cameras = await call<CamerasResponse>(recorder.baseUrl, 'GET', '/service/cameras', { token });
    const streamId = cameras.body.data?.cameras.find((camera) => camera.id !== notCameraId)?.streams[0]?.id;
    if (streamId && (await get(`${recorder.baseUrl}/service/streams/${streamId}/frame?width=320&height=180`, token)) === 200) return streamId;
    if (Date.now() > deadline) throw new Error('the demo camera gave no live picture in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

interface Started {
  aggregator?: AggregatorProcess;
  recorder?: RecorderProcess;
  host?: RecorderHost;
  dirs: string[];
}

async function cleanUp(started: Started): Promise<void> {
  await Promise.allSettled([started.aggregator?.stop(), started.recorder?.stop(), started.host?.stop()]);
  for (const dir of [...started.dirs, started.aggregator?.dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

async function main(started: Started): Promise<void> {
  // The bench needs no client: the recorder process would otherwise build it first (the aggregator helper already skips it).
  process.env.ARGUS_SKIP_BUILD = '1';
  const recorderDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-aggregator-bench-'));
  started.dirs.push(recorderDir);
  const archived = seedArchives(recorderDir);
  // All three start together; allSettled so that one failing still leaves the others in `started` for the clean-up.
  const starts = await Promise.allSettled([
    startAggregator().then((aggregator) => (started.aggregator = aggregator)),
    startRecorder({ dataDir: recorderDir, demoCameras: 1, adminPassword: RECORDER_PASSWORD }).then((recorder) => (started.recorder = recorder)),
    startRecorderHost({ count: Math.max(...RECORDER_COUNTS), camerasEach: CAMERAS_EACH, adminPassword: RECORDER_PASSWORD }).then((host) => (started.host = host)),
  ]);
  const failedStart = starts.find((start) => start.status === 'rejected');
  if (failedStart) throw failedStart.reason;
  const { aggregator, recorder, host } = started as Required<Started>;
  console.log(`started in ${((performance.now() - benchStartMs) / 1000).toFixed(0)} s: aggregator, a recorder with a demo camera, ${host.baseUrls.length} hosted recorders`);

  const aggToken = await signIn(aggregator.baseUrl, 'admin', 'secret');
  const recToken = await signIn(recorder.baseUrl, 'admin', RECORDER_PASSWORD);
  const orchidId = await register(aggregator, aggToken, 'Bench recorder', recorder.baseUrl);
  const frameStreamId = await liveStream(recorder, recToken, archived.cameraId);

  // 1. Proxy overhead.
  const proxied = `${aggregator.baseUrl}/service/orchid-proxy/${orchidId}`;
  const proxyCases = [
    { name: 'GET /service/cameras', path: '/service/cameras', options: JSON_RUN },
    { name: `GET /service/archives (100 of ${ARCHIVE_ROWS})`, path: `/service/archives?streamId=${archived.streamId}&take=100`, options: JSON_RUN },
    { name: 'GET /service/streams/{id}/frame 320x180', path: `/service/streams/${frameStreamId}/frame?width=320&height=180`, options: FRAME_RUN },
  ];
  const proxyResults: Record<string, CaseResult> = {};
  const proxyBytes: Record<string, { direct: number; proxied: number }> = {};
  for (const { name, path: urlPath, options } of proxyCases) {
    if (overBudget()) {
      console.log(`skipped ${name}: past the time budget`);
      continue;
    }
    proxyBytes[name] = { direct: await answerBytes(`${recorder.baseUrl}${urlPath}`, recToken), proxied: await answerBytes(`${proxied}${urlPath}`, aggToken) };
    const [direct, through] = await inRounds(
      [
        { label: `${name} direct`, request: () => get(`${recorder.baseUrl}${urlPath}`, recToken) },
        { label: `${name} proxied`, request: () => get(`${proxied}${urlPath}`, aggToken) },
      ],
      options,
    );
    proxyResults[name] = compare(direct!, through!);
  }
  printTable(
    `Proxy overhead: direct vs through the aggregator, ${PROXY_CONCURRENCY} at a time, ${ROUNDS} rounds`,
    Object.entries(proxyResults).map(([name, result]) => ({
      ...row(name, result, 'direct', 'proxied'),
      'answer bytes direct / proxied': `${proxyBytes[name]?.direct} / ${proxyBytes[name]?.proxied}`,
    })),
  );

  // The demo recorder leaves the federation, so the fan-out counts only hosted recorders, and stops: its camera's encoders are load.
  const removed = await call(aggregator.baseUrl, 'DELETE', `/service/orchids/${orchidId}`, { token: aggToken });
  if (removed.status !== 204) throw new Error(`unregistering the bench recorder: ${removed.status}`);
  await recorder.stop();

  // 2. Fan-out.
  // A token on every hosted recorder, for the parallel direct calls (one sign-in each, so no limiter is met).
  const hostTokens: string[] = [];
  for (const baseUrl of host.baseUrls) hostTokens.push(await signIn(baseUrl, 'admin', RECORDER_PASSWORD));
  const fanoutResults: Record<number, { vsOne: CaseResult; vsParallel?: CaseResult }> = {};
  let registered = 0;
  for (const count of RECORDER_COUNTS) {
    if (overBudget()) {
      console.log(`skipped fan-out to ${count} recorders: past the time budget`);
      continue;
    }
    for (; registered < count; registered++) await register(aggregator, aggToken, `Hosted ${registered + 1}`, host.baseUrls[registered]!);
    const listed = await call<CamerasResponse>(aggregator.baseUrl, 'GET', '/service/cameras', { token: aggToken });
    if (listed.body.data?.cameras.length !== count * CAMERAS_EACH) throw new Error(`aggregator listed ${listed.body.data?.cameras.length} cameras of ${count * CAMERAS_EACH}`);
    const sides: Side[] = [
      { label: 'one recorder direct', request: () => get(`${host.baseUrls[0]}/service/cameras`, hostTokens[0]!) },
      { label: `aggregator over ${count}`, request: () => get(`${aggregator.baseUrl}/service/cameras`, aggToken) },
    ];
    // The same N calls from the bench, in parallel as the aggregator makes them: what the recorders cost, without the aggregator.
    if (count > 1) sides.push({ label: `${count} recorders direct in parallel`, request: () => parallelCameras(host.baseUrls.slice(0, count), hostTokens) });
    const [one, aggregated, parallel] = await inRounds(sides, FANOUT_RUN);
    fanoutResults[count] = { vsOne: compare(one!, aggregated!), vsParallel: parallel && compare(parallel, aggregated!) };
  }
  printTable(
    `Fan-out: aggregator GET /service/cameras over N recorders of ${CAMERAS_EACH} cameras vs one recorder's, ${FANOUT_CONCURRENCY} at a time, ${ROUNDS} rounds`,
    Object.entries(fanoutResults).map(([count, { vsOne, vsParallel }]) => ({
      ...row(`${count} recorder${count === '1' ? '' : 's'}`, vsOne, 'one direct', 'aggregator'),
      'N direct in parallel p50 ms': vsParallel ? fixed(summarizeLoad(vsParallel.baseline).p50Ms) : '-',
      'aggregator / parallel p50': vsParallel ? fixed(vsParallel.p50Ratio.ratio) : '-',
    })),
  );

  const figures: Figures = {};
  for (const [name, result] of Object.entries(proxyResults)) {
    figures[`proxy ${name}: proxied p50 / direct p50 (x baseline)`] = lower(fixed(result.p50Ratio.ratio), 'ratio');
    figures[`proxy ${name}: proxied req/s / direct req/s (x baseline)`] = higher(fixed(result.throughputRatio.ratio), 'ratio');
  }
  for (const [count, { vsOne, vsParallel }] of Object.entries(fanoutResults)) {
    const recorders = `${count} recorder${count === '1' ? '' : 's'}`;
    figures[`fan-out ${recorders}: aggregator p50 / one recorder direct p50 (x baseline)`] = lower(fixed(vsOne.p50Ratio.ratio), 'ratio');
    if (vsParallel) figures[`fan-out ${recorders}: aggregator p50 / ${count} direct in parallel p50 (x baseline)`] = lower(fixed(vsParallel.p50Ratio.ratio), 'ratio');
  }
  const summary = (results: Record<string, CaseResult>) =>
    Object.fromEntries(
      Object.entries(results).map(([name, result]) => [
        name,
        { baseline: summarizeLoad(result.baseline), measured: summarizeLoad(result.measured), p50Ratio: result.p50Ratio, throughputRatio: result.throughputRatio },
      ]),
    );
  const file = writeResults(
    'aggregator',
    {
      rounds: ROUNDS,
      proxy: { concurrency: PROXY_CONCURRENCY, archiveRows: ARCHIVE_ROWS, cases: summary(proxyResults), answerBytes: proxyBytes },
      fanout: {
        concurrency: FANOUT_CONCURRENCY,
        camerasEach: CAMERAS_EACH,
        vsOneRecorder: summary(Object.fromEntries(Object.entries(fanoutResults).map(([count, r]) => [count, r.vsOne]))),
        vsParallelDirect: summary(Object.fromEntries(Object.entries(fanoutResults).flatMap(([count, r]) => (r.vsParallel ? [[count, r.vsParallel]] : [])))),
      },
      totalSeconds: fixed((performance.now() - benchStartMs) / 1000, 1),
    },
    figures,
  );
  console.log(`written ${file}`);
}

const started: Started = { dirs: [] };
// Ctrl-C or run-all's timeout: the servers run in process groups of their own, so they are stopped here, not by the signal.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp(started).finally(() => process.exit(130)));
}
try {
  await main(started);
} finally {
  await cleanUp(started);
}
