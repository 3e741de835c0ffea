/**
 * Motion events queries at a year's scale: 1,000,000 events on one stream
 * (a year, one every ~31 s, 1-15 s long) written with the recorder's own
 * store (events, per-minute and per-hour rollups), then the timeline
 * histogram over ranges from a minute to a year, and next/previous lists,
 * each at random places in the year. Measured twice: in process (the
 * EventsService over the SQLite file: the query cost) and over HTTP
 * against a real recorder started on the same data folder (what the client
 * waits for). Prints ms per query (p50/p95) and writes
 * bench/results/events.json.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../server/recorder/core/db/database';
import { EventsService } from '../server/recorder/events/events-service';
import { MotionEventQueries } from '../server/recorder/motion/event-queries';
import { MotionEventStore } from '../server/recorder/motion/event-store';
import { signIn, startRecorder } from '../tests/integration/helpers/recorder-process';
import { seedCamera } from '../tests/integration/helpers/seed-recording';
import { lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';

const EVENTS = 1_000_000;
const YEAR_MS = 365 * 86_400_000;
const RUNS_IN_PROCESS = 200;
const RUNS_HTTP = 60;

/** A deterministic pseudo-random sequence (the same year every run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function seedEvents(dataDir: string, streamId: string, startMs: number): { seconds: number; dbMB: number; endMs: number } {
  const t0 = performance.now();
  const db = new Database(path.join(dataDir, 'recorder.db'));
  db.pragma('journal_mode = WAL');
  migrate(db);
  const store = new MotionEventStore(db);
  const insert = db.prepare('INSERT INTO motion_events (stream_id, start_ms, stop_ms, active) VALUES (?, ?, ?, 0)');
  const next = random(42);
  const meanPeriodMs = YEAR_MS / EVENTS;
  let at = startMs;
  const batch = db.transaction((count: number) => {
    for (let i = 0; i < count; i++) {
      const duration = 1_000 + Math.floor(next() * 14_000);
      const gap = 2_000 + Math.floor(next() * 2 * (meanPeriodMs - 8_000 - 2_000));
      const start = at + gap;
      insert.run(streamId, start, start + duration);
      store.addToRollups(streamId, start, start + duration);
      at = start + duration;
    }
  });
  for (let done = 0; done < EVENTS; done += 50_000) batch(Math.min(50_000, EVENTS - done));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const bytes = fs.statSync(path.join(dataDir, 'recorder.db')).size;
  return { seconds: Number(((performance.now() - t0) / 1000).toFixed(1)), dbMB: Math.round(bytes / 2 ** 20), endMs: at };
}

interface Case {
  name: string;
  /** Query string without the stream id; `t` is a random time in the year. */
  query: (t: number) => string;
  call: (service: EventsService, t: number) => unknown;
}

function cases(streamId: string): Case[] {
  const histogram = (name: string, spanMs: number, minSegment: number): Case => ({
    name,
    query: (t) => `/histogram?eventType=motion&id=${streamId}&start=${t}&stop=${t + spanMs}&minSegment=${minSegment}`,
    call: (s, t) => s.histogram({ eventType: 'motion', id: streamId, start: t, stop: t + spanMs, minSegment }),
  });
  const list = (name: string, count: number, fromEnd: boolean): Case => ({
    name,
    query: (t) => `?eventType=motion&id=${streamId}&start=${t}&count=${count}&from_end=${fromEnd}`,
    call: (s, t) => s.list({ eventType: 'motion', id: streamId, start: t, count, from_end: fromEnd }),
  });
  return [
    histogram('histogram 10 min, 1 s buckets (raw events)', 600_000, 1_000),
    histogram('histogram 1 h, 10 s buckets (raw events)', 3_600_000, 10_000),
    histogram('histogram 1 day, 1 min buckets (minute rollup)', 86_400_000, 60_000),
    histogram('histogram 1 week, 10 min buckets (minute rollup)', 7 * 86_400_000, 600_000),
    histogram('histogram 30 days, 1 h buckets (hour rollup)', 30 * 86_400_000, 3_600_000),
    histogram('histogram 1 year, 1 day buckets (hour rollup)', YEAR_MS, 86_400_000),
    histogram('histogram 1 year, minSegment 1 ms (widened to 2000 buckets)', YEAR_MS, 1),
    list('next 5 events', 5, false),
    list('previous 5 events (from_end)', 5, true),
    list('next 1000 events', 1000, false),
  ];
}

function summary(samples: number[]): { p50Ms: number; p95Ms: number; maxMs: number } {
  const round = (v: number) => Number(v.toFixed(3));
  return { p50Ms: round(percentile(samples, 50)), p95Ms: round(percentile(samples, 95)), maxMs: round(Math.max(...samples)) };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-events-bench-'));
  try {
    const { streamId } = seedCamera({ dataDir, rtspUrl: 'rtsp://127.0.0.1:1/none', onvifUrl: 'http://127.0.0.1:1/onvif/device_service', username: '', password: '' });
    const yearStartMs = Date.now() - YEAR_MS - 86_400_000;
    const seeded = seedEvents(dataDir, streamId, yearStartMs);
    console.log(`seeded ${EVENTS} events in ${seeded.seconds} s; database ${seeded.dbMB} MB`);
    const pick = random(7);
    const randomTime = (spanMs: number) => Math.floor(yearStartMs + pick() * Math.max(1, seeded.endMs - yearStartMs - spanMs));

    // In process: the query cost itself.
    const db = new Database(path.join(dataDir, 'recorder.db'), { readonly: true });
    const service = new EventsService({ reader: new MotionEventQueries(db), streamExists: () => true });
    const rows: Array<Record<string, string | number>> = [];
    const results: Array<Record<string, unknown>> = [];
    for (const c of cases(streamId)) {
      const samples: number[] = [];
      let answerSize = 0;
      for (let i = 0; i < RUNS_IN_PROCESS; i++) {
        const t = randomTime(c.name.includes('year') ? 0 : 30 * 86_400_000);
        const t0 = performance.now();
        const answer = c.call(service, t) as { data: { histogram?: unknown[]; events?: unknown[] } };
        samples.push(performance.now() - t0);
        answerSize += (answer.data.histogram ?? answer.data.events ?? []).length;
      }
      const s = summary(samples);
      rows.push({ query: c.name, where: 'in process', ...s, itemsPerAnswer: Math.round(answerSize / RUNS_IN_PROCESS) });
      results.push({ query: c.name, where: 'in process', runs: RUNS_IN_PROCESS, ...s, itemsPerAnswer: Math.round(answerSize / RUNS_IN_PROCESS) });
    }
    db.close();

    // Over HTTP against a real recorder on the same folder.
    const recorder = await startRecorder({ dataDir });
    try {
      const token = await signIn(recorder.baseUrl, 'admin', 'secret');
      for (const c of cases(streamId)) {
        const samples: number[] = [];
        for (let i = 0; i < RUNS_HTTP; i++) {
          const t = randomTime(c.name.includes('year') ? 0 : 30 * 86_400_000);
          const t0 = performance.now();
          const response = await fetch(`${recorder.baseUrl}/service/events/camera-stream${c.query(t)}`, { headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          samples.push(performance.now() - t0);
          if (response.status !== 200) throw new Error(`${c.name}: HTTP ${response.status}`);
        }
        const s = summary(samples);
        rows.push({ query: c.name, where: 'HTTP', ...s, itemsPerAnswer: '' });
        results.push({ query: c.name, where: 'HTTP', runs: RUNS_HTTP, ...s });
      }
    } finally {
      await recorder.stop();
    }
    printTable(`Motion events queries, ${EVENTS} events on one stream (ms per query)`, rows);
    // The median per query: over tens of runs it moves less with the machine's load than p95 does.
    const figures: Figures = { 'seeding 1,000,000 events, s': lower(seeded.seconds) };
    for (const r of results) figures[`${String(r.query)} (${String(r.where)}): p50 ms`] = lower(Number(r.p50Ms));
    const file = writeResults('events', { events: EVENTS, seedSeconds: seeded.seconds, databaseMB: seeded.dbMB, queries: results }, figures);
    console.log(`written ${file}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
