/**
 * The aggregator's ping watch (server/aggregator/orchids/orchid-ping.ts):
 * with the full health check set to its longest period (300 s), a
 * registered recorder that stops is shown offline after a few pings, not at
 * the next full check. Real aggregator process (as users start it) and a
 * real in-process recorder over loopback.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrchidsResponse } from '../../../server/shared/api';
import { registerRecorder, startAggregator, type AggregatorProcess } from '../helpers/aggregator-process';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn } from '../helpers/recorder-process';

const RECORDER_PASSWORD = 'ping-Secret-52';
const FULL_PERIOD_S = 300;
let aggregator: AggregatorProcess;
let recorder: InProcessRecorder | undefined;

beforeAll(async () => {
  [aggregator, recorder] = await Promise.all([
    startAggregator({ extraArgs: ['--health-interval-seconds', String(FULL_PERIOD_S)] }),
    startInProcessRecorder(RECORDER_PASSWORD),
  ]);
});

afterAll(async () => {
  await Promise.all([aggregator?.stop(), recorder?.close()]);
  if (aggregator) fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
});

async function healthOf(token: string, id: string): Promise<string | undefined> {
  const listed = await call<OrchidsResponse>(aggregator.baseUrl, 'GET', '/service/orchids', { token });
  return listed.body.data.orchids.find((orchid) => orchid.id === id)?.health;
}

it('shows a stopped recorder offline within a few pings, long before the next full health check', async () => {
  const token = await signIn(aggregator.baseUrl, 'admin', 'secret');
  const registered = await registerRecorder(aggregator.baseUrl, token, { name: 'Pinged', uri: recorder!.baseUrl, password: RECORDER_PASSWORD });
  // Registration checks the recorder at once; the next full check is FULL_PERIOD_S away.
  expect(await healthOf(token, registered.id)).toBe('healthy');
  const stoppedMs = Date.now();
  await recorder!.close();
  recorder = undefined;
  // Polled for at most a fifth of the full period: a change seen within it came from the pings.
  let health: string | undefined;
  while (Date.now() - stoppedMs < (FULL_PERIOD_S * 1000) / 5) {
    health = await healthOf(token, registered.id);
    if (health === 'offline') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(health).toBe('offline');
});
