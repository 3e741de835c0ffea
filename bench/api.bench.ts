/**
 * Server API figures: latency and throughput of authenticated calls against a
 * real recorder process, with a bounded number of requests at a fixed
 * concurrency over keep-alive connections. Sign-in is measured separately
 * because scrypt makes it deliberately slow.
 */
import { call, signIn, startRecorder } from '../tests/integration/helpers/recorder-process';
import { higher, lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';

const CONCURRENCY = 8;

async function measure(label: string, total: number, request: () => Promise<number>) {
  const latenciesMs: number[] = [];
  let next = 0;
  let failures = 0;
  const startedMs = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const status = await request();
        latenciesMs.push(performance.now() - t0);
        if (status >= 400) failures++;
      }
    }),
  );
  const seconds = (performance.now() - startedMs) / 1000;
  return {
    call: label,
    requests: total,
    failures,
    perSecond: Math.round(total / seconds),
    p50Ms: Number(percentile(latenciesMs, 50).toFixed(2)),
    p95Ms: Number(percentile(latenciesMs, 95).toFixed(2)),
  };
}

async function main() {
  const recorder = await startRecorder();
  try {
    const token = await signIn(recorder.baseUrl, 'admin', 'secret');
    for (let i = 0; i < 50; i++) {
      await call(recorder.baseUrl, 'POST', '/service/users', { token, json: { username: `bench_${i}`, password: 'abcd', role: 'Viewer' } });
    }
    const rows = [
      await measure('GET /service/ping', 2000, async () => (await fetch(`${recorder.baseUrl}/service/ping`)).status),
      await measure('GET /service/time (auth)', 2000, async () =>
        (await fetch(`${recorder.baseUrl}/service/time`, { headers: { authorization: `Bearer ${token}` } })).status,
      ),
      await measure('GET /service/users (51 users)', 1000, async () =>
        (await fetch(`${recorder.baseUrl}/service/users`, { headers: { authorization: `Bearer ${token}` } })).status,
      ),
      await measure('POST /service/sessions/user (scrypt)', 40, async () =>
        (
          await call(recorder.baseUrl, 'POST', '/service/sessions/user', {
            json: { username: 'admin', password: 'secret', cookie: 'session', type: 'user' },
          })
        ).status,
      ),
    ];
    printTable('Recorder API', rows);
    const figures: Figures = {};
    for (const row of rows) {
      // Refused calls (the sign-in limiter answers most of 40 quick sign-ins) time the refusal, not the call: no figure.
      if (row.failures > 0) {
        console.log(`${row.call}: ${row.failures} of ${row.requests} failed; not compared with the baseline`);
        continue;
      }
      figures[`${row.call}: requests/s`] = higher(row.perSecond);
      figures[`${row.call}: p95 ms`] = lower(row.p95Ms);
    }
    console.log(`written: ${writeResults('api', rows, figures)}`);
  } finally {
    await recorder.stop();
  }
}

await main();
