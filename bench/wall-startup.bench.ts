/**
 * Wall start-up: how long a video wall waits for its low-bandwidth sessions.
 * A real recorder with four demo cameras; the client of a 64-tile wall sends
 * its POST /service/low-bandwidth/streams all at once (spread over the four
 * sub streams and four users), then a burst of 100, past the recorder's
 * limit of 64, whose surplus must be refused at once. Each burst's p50, p95
 * and slowest answer are compared with a single create on the idle recorder
 * in the same run (the baseline), as a ratio.
 */
import type { StreamsResponse, User } from '../server/shared/api';
import { call, signIn, startRecorder } from '../tests/integration/helpers/recorder-process';
import { lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';

const USERS = 4;

interface Created {
  status: number;
  ms: number;
  id?: string;
  token: string;
}

async function create(baseUrl: string, token: string, streamId: string): Promise<Created> {
  const t0 = performance.now();
  const reply = await call<{ id: string }>(baseUrl, 'POST', '/service/low-bandwidth/streams', {
    token,
    json: { streamId, resolution: { width: 320, height: 180 }, transport: 'websocket-base64', rate: 5 },
  });
  return { status: reply.status, ms: performance.now() - t0, id: reply.status === 201 ? reply.body.id : undefined, token };
}

async function removeAll(baseUrl: string, created: Created[]): Promise<void> {
  await Promise.all(created.filter((c) => c.id).map((c) => call(baseUrl, 'DELETE', `/service/low-bandwidth/streams/${c.id}`, { token: c.token })));
  // Let the decoders of the burst end before the next one is measured.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
}

function row(label: string, created: Created[], baselineMs: number) {
  const ms = created.map((c) => c.ms);
  const p95 = percentile(ms, 95);
  return {
    burst: label,
    accepted: created.filter((c) => c.status === 201).length,
    refused503: created.filter((c) => c.status === 503).length,
    other: created.filter((c) => c.status !== 201 && c.status !== 503).length,
    p50Ms: Math.round(percentile(ms, 50)),
    p95Ms: Math.round(p95),
    maxMs: Math.round(Math.max(...ms)),
    p95VsSingle: Number((p95 / baselineMs).toFixed(1)),
  };
}

async function main() {
  const recorder = await startRecorder({ demoCameras: 4 });
  try {
    const admin = await signIn(recorder.baseUrl, 'admin', 'secret');
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const username = `wall${i}`;
      const created = await call<User>(recorder.baseUrl, 'POST', '/service/users', {
        token: admin,
        json: { username, password: 'wall-pass', passwordConfirm: 'wall-pass', role: 'Viewer', email: `${username}@example.com` },
      });
      if (created.status !== 201) throw new Error(`user ${username}: ${created.status}`);
      tokens.push(await signIn(recorder.baseUrl, username, 'wall-pass'));
    }
    // The demo cameras register in the background on a first start: wait for their sub streams.
    let subs: string[] = [];
    for (let tries = 0; subs.length < 4 && tries < 120; tries++) {
      const streams = await call<StreamsResponse>(recorder.baseUrl, 'GET', '/service/streams', { token: admin });
      subs = streams.body.data.streams.filter((s) => /sub|2/i.test(s.name)).map((s) => s.id);
      if (subs.length < 4) subs = streams.body.data.streams.filter((_, i) => i % 2 === 1).map((s) => s.id);
      if (subs.length < 4) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (subs.length < 4) throw new Error('the demo cameras did not come up');
    await new Promise((resolve) => setTimeout(resolve, 5_000));

    const singles: Created[] = [];
    for (let i = 0; i < 10; i++) {
      const one = await create(recorder.baseUrl, tokens[0]!, subs[i % subs.length]!);
      singles.push(one);
      await removeAll(recorder.baseUrl, [one]).catch(() => undefined);
    }
    const baselineMs = percentile(
      singles.map((s) => s.ms),
      50,
    );

    const rows = [];
    for (const size of [64, 100]) {
      const burst = await Promise.all(
        Array.from({ length: size }, (_, i) => create(recorder.baseUrl, tokens[i % USERS]!, subs[i % subs.length]!)),
      );
      rows.push(row(`${size} at once`, burst, baselineMs));
      await removeAll(recorder.baseUrl, burst);
    }
    rows.unshift({ burst: 'single (baseline)', accepted: singles.length, refused503: 0, other: 0, p50Ms: Math.round(baselineMs), p95Ms: Math.round(percentile(singles.map((s) => s.ms), 95)), maxMs: Math.round(Math.max(...singles.map((s) => s.ms))), p95VsSingle: 1 });
    printTable('Low-bandwidth wall start-up (time to answer each create)', rows);
    const figures: Figures = { 'single create p50 ms': lower(baselineMs) };
    for (const row of rows.slice(1)) figures[`${row.burst}: p95 x single create`] = lower(row.p95VsSingle, 'ratio');
    console.log(`written: ${writeResults('wall-startup', rows, figures)}`);
  } finally {
    await recorder.stop();
  }
}

await main();
