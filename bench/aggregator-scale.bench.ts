/**
 * The aggregator at scale (issue 14): AGG_SCALE_RECORDERS real recorder
 * processes (default 50) of AGG_SCALE_CAMERAS proxy-only cameras each
 * (default 100), started once (lib/recorder-fleet.ts: what they run and
 * why their media is left out), behind one aggregator on SQLite, then one
 * on a real PostgreSQL server, each registering the whole fleet through
 * POST /service/orchids. For each store it measures:
 *
 * - GET /service/cameras across the fleet: the time of the first (cold)
 *   list, then p50/p95 of LIST_REQUESTS lists one after another (warm: the
 *   aggregator holds each recorder's last list and asks with its tag), the
 *   answer's bytes and cameras, and the aggregator's CPU per list (its node
 *   process, /proc ticks over the run / lists);
 * - at rest (nobody asks anything; the health checks and pings run) for
 *   REST_MS: the aggregator's CPU as % of one core and its RSS, beside
 *   the fleet's own CPU and the whole machine's over the same window;
 * - HEALTH_ROUNDS recorders killed one after another (SIGKILL to its
 *   process group): the time until GET /service/orchids shows it offline;
 *   restarted on its folder and address: the time until it shows healthy,
 *   from the moment the recorder answers ping again (its own start-up is
 *   reported beside); the medians of the rounds.
 *
 * Goals (this machine): list p95 <= 300 ms, a health change shown within
 * 5 s, less than a fifth of a core at rest; printed with the verdict.
 *
 * Not part of `npm test`; run alone (`npm run bench -- aggregator-scale`),
 * it loads a 2-core machine heavily at full size. Every wait is bounded;
 * every process (fleet, aggregators, PostgreSQL by its postmaster pid) is
 * stopped at the end, on failure, on SIGINT/SIGTERM, and by a watchdog.
 * Writes bench/results/aggregator-scale.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Orchid, OrchidsResponse } from '../server/shared/api';
import { startAggregator, type AggregatorProcess } from '../tests/integration/helpers/aggregator-process';
import { startPostgres, type PostgresServer } from '../tests/integration/helpers/postgres-server';
import { call, signIn } from '../tests/integration/helpers/recorder-process';
import { lower, type Figures } from './lib/figures';
import { runLoad, summarizeLoad } from './lib/load';
import { clockTicksPerSecond, commandLine, descendants, machineTicks, readProcStat } from './lib/proc-cpu';
import { RecorderFleet } from './lib/recorder-fleet';
import { readBaseline } from './lib/baseline';
import { compareFigures, comparisonTable } from './lib/compare';
import { loud, percentile, printTable, writeResults } from './lib/report';

const DEFAULT_RECORDERS = 50;
const DEFAULT_CAMERAS = 100;
const RECORDERS = positive('AGG_SCALE_RECORDERS', DEFAULT_RECORDERS);
const CAMERAS = positive('AGG_SCALE_CAMERAS', DEFAULT_CAMERAS);
const STORES = stores(process.env.AGG_SCALE_STORES ?? 'sqlite,postgres');
const RECORDER_PASSWORD = 'bench-Fleet-83';
const LIST_REQUESTS = 40;
const LIST_MAX_MS = 60_000;
const REST_MS = 20_000;
/** Settling after registration, before the rest measurement (the first full checks of every recorder). */
const SETTLE_MS = 15_000;
const HEALTH_WAIT_MS = 60_000;
/** Recorders killed and restarted one after another for the health figures (their medians). */
const HEALTH_ROUNDS = 3;
const WATCHDOG_MS = 25 * 60_000;
const GOALS = { listP95Ms: 300, healthChangeMs: 5_000, restCorePercent: 20 };
/**
 * Beside the committed baseline (bench/baseline.json, entry
 * 'aggregator-scale'), changes within ±30 % are read as noise: these are
 * absolute times of 50 processes on a shared 2-core machine, and the list
 * p95 of the same code moved by more than half between runs at load 1 and
 * load 20. The ratio figure (list x straight fan-out) moves less.
 */
const BASELINE_BAND = 0.3;

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** AGG_SCALE_STORES: which aggregator stores to measure, in order (a shorter run while iterating on one). */
function stores(list: string): Array<'sqlite' | 'postgres'> {
  const names = list.split(',').map((name) => name.trim());
  const bad = names.filter((name) => name !== 'sqlite' && name !== 'postgres');
  if (names.length === 0 || bad.length > 0) throw new Error(`AGG_SCALE_STORES names sqlite and/or postgres, not ${bad.join(', ')}`);
  return names as Array<'sqlite' | 'postgres'>;
}

const fixed = (value: number, digits = 1) => Number(value.toFixed(digits));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The aggregator's node process under its npm process (the one tsx starts with its loader, not the tsx command). */
function aggregatorNodePid(npmPid: number): number {
  const node = descendants(npmPid).find((stat) => {
    const args = commandLine(stat.pid);
    return args.includes('server/start.ts') && args.includes('loader.mjs');
  });
  if (!node) throw new Error('the aggregator node process was not found');
  return node.pid;
}

function rssMiB(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return fixed(Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024);
}

function cpuMs(pid: number): number {
  const stat = readProcStat(pid);
  if (!stat) throw new Error(`process ${pid} is gone`);
  return (stat.cpuTicks * 1000) / clockTicksPerSecond();
}

async function healthOf(baseUrl: string, token: string, id: string): Promise<string | undefined> {
  const reply = await call<OrchidsResponse>(baseUrl, 'GET', '/service/orchids', { token });
  return reply.body.data?.orchids.find((orchid) => orchid.id === id)?.health;
}

/** Ms from `fromMs` until the orchid shows `health`, polled every 100 ms; throws past HEALTH_WAIT_MS. */
async function timeUntil(baseUrl: string, token: string, id: string, health: string, fromMs: number): Promise<number> {
  for (;;) {
    if ((await healthOf(baseUrl, token, id)) === health) return Date.now() - fromMs;
    if (Date.now() - fromMs > HEALTH_WAIT_MS) throw new Error(`server ${id} did not show ${health} in ${HEALTH_WAIT_MS / 1000} s`);
    await sleep(100);
  }
}

/**
 * The floor under the aggregator's list: the same fan-out made by the bench
 * itself, straight to every recorder with the user's own token there (the
 * server list's permissions), every answer read whole, LIST_REQUESTS times.
 * The list through the aggregator cannot be faster than this; the gap is the
 * aggregator's own work (sessions, join, sending the bytes on). Also each
 * recorder's answer time inside those fan-outs.
 */
async function directFanOut(baseUrl: string, token: string): Promise<{ p50Ms: number; p95Ms: number; recorderP50Ms: number; recorderP95Ms: number }> {
  const listed = await call<OrchidsResponse>(baseUrl, 'GET', '/service/orchids', { token });
  const targets = listed.body.data.orchids.flatMap((orchid) => (orchid.permissions ? [{ uri: orchid.uri, token: orchid.permissions.token }] : []));
  if (targets.length !== RECORDERS) throw new Error(`only ${targets.length} of ${RECORDERS} servers gave a session`);
  const answersMs: number[] = [];
  const once = async () => {
    const ok = await Promise.all(
      targets.map(async (target) => {
        const t0 = performance.now();
        const response = await fetch(`${target.uri}/service/cameras`, { headers: { authorization: `Bearer ${target.token}` } });
        await response.arrayBuffer();
        answersMs.push(performance.now() - t0);
        return response.ok;
      }),
    );
    return ok.every(Boolean) ? 200 : 500;
  };
  await runLoad({ concurrency: 1, maxRequests: 3, maxMs: LIST_MAX_MS }, once);
  answersMs.length = 0;
  const run = await runLoad({ concurrency: 1, maxRequests: LIST_REQUESTS, maxMs: LIST_MAX_MS }, once);
  if (run.failures > 0) throw new Error(`${run.failures} direct fan-outs failed`);
  const summary = summarizeLoad(run);
  return { p50Ms: fixed(summary.p50Ms), p95Ms: fixed(summary.p95Ms), recorderP50Ms: fixed(percentile(answersMs, 50)), recorderP95Ms: fixed(percentile(answersMs, 95)) };
}

interface StoreResult {
  registerSeconds: number;
  list: {
    p50Ms: number;
    p95Ms: number;
    maxMs: number;
    requests: number;
    bytes: number;
    cameras: number;
    coldListMs: number;
    coldListCameras: number;
    cpuMsPerList: number;
  };
  /** The same fan-out straight from the bench to the recorders (directFanOut). */
  direct: { p50Ms: number; p95Ms: number; recorderP50Ms: number; recorderP95Ms: number };
  /** fleetCorePercent: the recorders' own CPU (% of one core) over the same window; machineBusyPercent: all cores together. */
  rest: { seconds: number; corePercent: number; rssMiB: number; fleetCorePercent: number; machineBusyPercent: number };
  health: { offlineMs: number; recorderRestartMs: number; healthyMs: number };
  loadAverage: number[];
}

async function measureStore(fleet: RecorderFleet, aggregator: AggregatorProcess): Promise<StoreResult> {
  const token = await signIn(aggregator.baseUrl, 'admin', 'secret');
  const nodePid = aggregatorNodePid(aggregator.pid);
  const registerStartMs = Date.now();
  const ids: string[] = [];
  for (const [i, recorder] of fleet.recorders.entries()) {
    const register = () =>
      call<Orchid>(aggregator.baseUrl, 'POST', '/service/orchids', {
        token,
        json: { name: `Fleet ${i + 1}`, uri: recorder.baseUrl, username: 'admin', password: RECORDER_PASSWORD },
      });
    let reply = await register();
    // Once more when the recorder did not answer in the aggregator's 5 s (seen at load average 40 on the shared machine).
    if (reply.status === 404) reply = await register();
    if (reply.status !== 201) throw new Error(`registering recorder ${i + 1}: ${reply.status} ${JSON.stringify(reply.body)}`);
    ids.push(reply.body.id);
  }
  const registerSeconds = fixed((Date.now() - registerStartMs) / 1000);
  console.log(`registered ${ids.length} recorders in ${registerSeconds} s`);

  // The first list signs the user in to every recorder at once (scrypt on each): under load some may pass the
  // aggregator's 5 s call time-out and be left out of that list. Reported, then asked again (at most 3 times).
  const expected = RECORDERS * CAMERAS;
  const listOnce = async () => {
    const response = await fetch(`${aggregator.baseUrl}/service/cameras`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, count: (JSON.parse(bytes.toString('utf8')) as { data: { cameras: unknown[] } }).data.cameras.length };
  };
  // The first (cold) list: sessions minted on every recorder, nothing kept yet; its time beside the warm ones.
  const coldStartMs = performance.now();
  let { bytes: body, count: cameras } = await listOnce();
  const coldListMs = fixed(performance.now() - coldStartMs);
  const coldListCameras = cameras;
  for (let attempt = 1; cameras !== expected && attempt < 3; attempt++) ({ bytes: body, count: cameras } = await listOnce());
  if (cameras !== expected) throw new Error(`the aggregator listed ${cameras} cameras of ${expected}`);
  if (coldListCameras !== expected) console.log(`the first (cold) list had ${coldListCameras} cameras of ${expected}`);
  await sleep(SETTLE_MS);

  // At rest: no request from the bench, only the aggregator's own health checks and pings. The fleet's own CPU and
  // the whole machine's are taken over the same window: they are what the aggregator's figures are measured beside.
  const restCpuStart = cpuMs(nodePid);
  const fleetTicksStart = fleet.cpuTicks();
  const machineStart = machineTicks();
  const restStartMs = performance.now();
  await sleep(REST_MS);
  const restCpuMs = cpuMs(nodePid) - restCpuStart;
  const restElapsedMs = performance.now() - restStartMs;
  const fleetCpuMs = ((fleet.cpuTicks() - fleetTicksStart) * 1000) / clockTicksPerSecond();
  const machineEnd = machineTicks();
  const rest = {
    seconds: fixed(restElapsedMs / 1000),
    corePercent: fixed((100 * restCpuMs) / restElapsedMs, 2),
    rssMiB: rssMiB(nodePid),
    fleetCorePercent: fixed((100 * fleetCpuMs) / restElapsedMs, 1),
    machineBusyPercent: fixed((100 * (machineEnd.busy - machineStart.busy)) / Math.max(1, machineEnd.total - machineStart.total), 1),
  };
  console.log(
    `at rest: ${rest.corePercent} % of a core, RSS ${rest.rssMiB} MiB; the fleet itself ${rest.fleetCorePercent} % of a core; the machine ${rest.machineBusyPercent} % busy (all ${os.cpus().length} cores)`,
  );

  // The camera list, one request after another.
  const get = async () => {
    const response = await fetch(`${aggregator.baseUrl}/service/cameras`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  };
  await runLoad({ concurrency: 1, maxRequests: 3, maxMs: LIST_MAX_MS }, get); // warm-up: connections, sessions on every recorder, JIT
  const listCpuStart = cpuMs(nodePid);
  const run = await runLoad({ concurrency: 1, maxRequests: LIST_REQUESTS, maxMs: LIST_MAX_MS }, get);
  const listCpuMs = cpuMs(nodePid) - listCpuStart;
  if (run.failures > 0) throw new Error(`${run.failures} camera lists failed`);
  const summary = summarizeLoad(run);
  const list = {
    p50Ms: fixed(summary.p50Ms),
    p95Ms: fixed(summary.p95Ms),
    maxMs: fixed(Math.max(...run.latenciesMs)),
    requests: run.latenciesMs.length,
    bytes: body.length,
    cameras,
    coldListMs,
    coldListCameras,
    cpuMsPerList: fixed(listCpuMs / run.latenciesMs.length),
  };
  console.log(
    `camera list: first (cold) ${list.coldListMs} ms; then p50 ${list.p50Ms} ms, p95 ${list.p95Ms} ms, ${list.bytes} bytes, ${list.cpuMsPerList} ms CPU each`,
  );
  const direct = await directFanOut(aggregator.baseUrl, token);
  console.log(
    `straight to the recorders: p50 ${direct.p50Ms} ms, p95 ${direct.p95Ms} ms; each recorder's answer p50 ${direct.recorderP50Ms} ms, p95 ${direct.recorderP95Ms} ms`,
  );

  // Health: HEALTH_ROUNDS recorders (the last ones) killed, then restarted at the same address, one after another;
  // the medians are reported, since one kill lands anywhere in the 2 s ping period (orchid-ping.ts).
  const rounds: Array<{ offlineMs: number; recorderRestartMs: number; healthyMs: number }> = [];
  for (let round = 0; round < HEALTH_ROUNDS; round++) {
    const index = fleet.recorders.length - 1 - round;
    const id = ids[index]!;
    if ((await healthOf(aggregator.baseUrl, token, id)) !== 'healthy') throw new Error(`server ${id} was not healthy before the kill`);
    const killedMs = Date.now();
    await fleet.kill(index);
    const offlineMs = await timeUntil(aggregator.baseUrl, token, id, 'offline', killedMs);
    const restartStartMs = Date.now();
    await fleet.restart(index);
    const answeringMs = Date.now();
    const healthyMs = await timeUntil(aggregator.baseUrl, token, id, 'healthy', answeringMs);
    rounds.push({ offlineMs, recorderRestartMs: answeringMs - restartStartMs, healthyMs });
  }
  const median = (pick: (round: (typeof rounds)[number]) => number) => percentile(rounds.map(pick), 50);
  const health = { offlineMs: median((r) => r.offlineMs), recorderRestartMs: median((r) => r.recorderRestartMs), healthyMs: median((r) => r.healthyMs) };
  console.log(
    `killed ${HEALTH_ROUNDS}, one at a time: offline after ${rounds.map((r) => r.offlineMs).join(', ')} ms (median ${health.offlineMs}); ` +
      `restarted in ${health.recorderRestartMs} ms (median), healthy after ${rounds.map((r) => r.healthyMs).join(', ')} ms more (median ${health.healthyMs})`,
  );
  return { registerSeconds, list, direct, rest, health, loadAverage: os.loadavg().map((l) => fixed(l, 2)) };
}

interface Started {
  fleet?: RecorderFleet;
  aggregator?: AggregatorProcess;
  postgres?: PostgresServer;
}

async function stopAggregator(started: Started): Promise<void> {
  const aggregator = started.aggregator;
  started.aggregator = undefined;
  if (!aggregator) return;
  await aggregator.stop();
  fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
}

let cleaning: Promise<void> | undefined;
function cleanUp(started: Started): Promise<void> {
  cleaning ??= Promise.allSettled([stopAggregator(started), started.fleet?.stop(), started.postgres?.stop()]).then(() => undefined);
  return cleaning;
}

async function main(started: Started): Promise<void> {
  process.env.ARGUS_SKIP_BUILD = '1';
  const benchStartMs = performance.now();
  console.log(`fleet: ${RECORDERS} recorders x ${CAMERAS} cameras; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const fleet = new RecorderFleet({ count: RECORDERS, camerasEach: CAMERAS, adminPassword: RECORDER_PASSWORD, ffmpegPath: 'false' });
  started.fleet = fleet;
  const [postgres] = await Promise.all([
    STORES.includes('postgres') ? startPostgres().then((server) => (started.postgres = server)) : undefined,
    fleet.start((done) => {
      if (done % 10 === 0 || done === RECORDERS) console.log(`${done} recorders started`);
    }),
  ]);
  const fleetSeconds = fixed((performance.now() - benchStartMs) / 1000);

  const stores: Record<string, StoreResult> = {};
  let figures: Figures = {};
  for (const store of STORES) {
    console.log(`\n--- aggregator on ${store}`);
    const databaseUrl = store === 'postgres' ? await postgres!.createDatabase('aggregator_scale') : undefined;
    started.aggregator = await startAggregator({ databaseUrl });
    stores[store] = await measureStore(fleet, started.aggregator);
    await stopAggregator(started);
    // Written after each store, so a run cut short still leaves what it measured.
    figures = save(stores, fleetSeconds, benchStartMs);
  }

  printTable(
    `Aggregator over ${RECORDERS} recorders x ${CAMERAS} cameras (goals: list p95 <= ${GOALS.listP95Ms} ms, health change <= ${GOALS.healthChangeMs} ms, rest < ${GOALS.restCorePercent} % of a core)`,
    Object.entries(stores).map(([store, r]) => ({
      store,
      'list p50 ms': r.list.p50Ms,
      'list p95 ms': r.list.p95Ms,
      'cold list ms': r.list.coldListMs,
      'list bytes': r.list.bytes,
      'CPU ms/list': r.list.cpuMsPerList,
      'direct p95 ms': r.direct.p95Ms,
      'offline after ms': r.health.offlineMs,
      'healthy after ms': r.health.healthyMs,
      'rest % core': r.rest.corePercent,
      'rest RSS MiB': r.rest.rssMiB,
      'fleet % core': r.rest.fleetCorePercent,
      'load avg 1m': r.loadAverage[0]!,
      goals: [
        r.list.p95Ms <= GOALS.listP95Ms ? 'list ok' : 'list MISSED',
        Math.max(r.health.offlineMs, r.health.healthyMs) <= GOALS.healthChangeMs ? 'health ok' : 'health MISSED',
        r.rest.corePercent < GOALS.restCorePercent ? 'rest ok' : 'rest MISSED',
      ].join(', '),
    })),
  );
  // The baseline is of the default fleet: a smaller one's times are not comparable with it.
  if (RECORDERS === DEFAULT_RECORDERS && CAMERAS === DEFAULT_CAMERAS) compareWithBaseline(figures);
  else console.log(`\nnot compared with the baseline: it is of ${DEFAULT_RECORDERS} recorders x ${DEFAULT_CAMERAS} cameras`);
}


function save(stores: Record<string, StoreResult>, fleetSeconds: number, benchStartMs: number): Figures {
  const figures: Figures = {};
  for (const [store, r] of Object.entries(stores)) {
    figures[`${store}: camera list p95 (ms)`] = lower(r.list.p95Ms);
    figures[`${store}: aggregator CPU per camera list (ms)`] = lower(r.list.cpuMsPerList);
    figures[`${store}: killed recorder shown offline (ms)`] = lower(r.health.offlineMs);
    figures[`${store}: restarted recorder shown healthy (ms)`] = lower(r.health.healthyMs);
    figures[`${store}: aggregator at rest (% of a core)`] = lower(r.rest.corePercent);
    // The aggregator's share of the list time: its own cost over what the recorders take, which the load moves less.
    figures[`${store}: camera list p95 x straight fan-out p95`] = lower(fixed(r.list.p95Ms / r.direct.p95Ms, 2), 'ratio');
  }
  const file = writeResults(
    'aggregator-scale',
    {
      recorders: RECORDERS,
      camerasEach: CAMERAS,
      listRequests: LIST_REQUESTS,
      restMs: REST_MS,
      goals: GOALS,
      fleetStartSeconds: fleetSeconds,
      stores,
      totalSeconds: fixed((performance.now() - benchStartMs) / 1000),
    },
    figures,
  );
  console.log(`written ${file}`);
  return figures;
}

/** This run's figures beside the baseline's; a loud warning for those worse beyond the band. Never fails the run. */
function compareWithBaseline(figures: Figures): void {
  const entry = readBaseline().benches['aggregator-scale'];
  const against = entry ? `the baseline of ${entry.date.slice(0, 10)} at ${entry.commit}` : 'no baseline yet (npm run bench -- aggregator-scale --update-baseline)';
  console.log(`\nBeside ${against}, band ±${Math.round(BASELINE_BAND * 100)} %:`);
  const rows = compareFigures(entry?.figures, figures, BASELINE_BAND);
  console.table(comparisonTable(rows));
  const worse = rows.filter((row) => row.verdict === 'worse');
  if (worse.length > 0) {
    loud([
      `The aggregator at scale measured worse than its baseline beyond ±${Math.round(BASELINE_BAND * 100)} %:`,
      ...worse.map((row) => `${row.figure}: ${row.current ?? '-'} (baseline ${row.baseline ?? '-'})`),
      'On a shared machine this may be load: note the load average above and run again before believing it.',
    ]);
  }
}

const started: Started = {};
// `on`, not `once`: the signal may come twice (from `timeout` to the whole group and relayed by tsx), and a second
// one must not end the process by default while the clean-up runs (that left the fleet running).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp(started).finally(() => process.exit(130)));
}
const watchdog = setTimeout(() => {
  console.error(`watchdog: the bench ran past ${WATCHDOG_MS / 60_000} min; stopping everything`);
  void cleanUp(started).finally(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();
try {
  await main(started);
} finally {
  await cleanUp(started);
  clearTimeout(watchdog);
}
