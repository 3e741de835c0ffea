/**
 * A user's session on one recorder revoked there (the user signs out on the
 * recorder with the token the aggregator minted): the aggregator forgets
 * that one session and mints a new one, and the same user's session on the
 * other recorder is left as it was (same session id). Through the HTTP
 * proxy the refused call is answered 'no_session' and the next one goes
 * through; a camera read mends itself within the same call. Real
 * aggregator process (as users start it) and two real in-process recorders
 * over loopback.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CamerasResponse, OrchidsResponse, Session, User } from '../../../server/shared/api';
import { registerRecorder, startAggregator, type AggregatorProcess } from '../helpers/aggregator-process';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn } from '../helpers/recorder-process';

const RECORDER_PASSWORD = 'revoke-Secret-31';
let aggregator: AggregatorProcess;
let recorderA: InProcessRecorder;
let recorderB: InProcessRecorder;
let idA: string;
let idB: string;
let vera: string;

beforeAll(async () => {
  [aggregator, recorderA, recorderB] = await Promise.all([
    startAggregator(),
    startInProcessRecorder(RECORDER_PASSWORD),
    startInProcessRecorder(RECORDER_PASSWORD),
  ]);
  const admin = await signIn(aggregator.baseUrl, 'admin', 'secret');
  idA = (await registerRecorder(aggregator.baseUrl, admin, { name: 'A', uri: recorderA.baseUrl, password: RECORDER_PASSWORD })).id;
  idB = (await registerRecorder(aggregator.baseUrl, admin, { name: 'B', uri: recorderB.baseUrl, password: RECORDER_PASSWORD })).id;
  const created = await call<User>(aggregator.baseUrl, 'POST', '/service/users', { token: admin, json: { username: 'vera', password: 'vera-pass', role: 'viewer' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  vera = await signIn(aggregator.baseUrl, 'vera', 'vera-pass');
}, 180_000);

afterAll(async () => {
  await Promise.all([aggregator?.stop(), recorderA?.close(), recorderB?.close()]);
  if (aggregator) fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
});

/** Vera's session on each server, as the server list gives it to her. */
async function veraSessions(): Promise<Record<string, { sessionId: string; token: string }>> {
  const listed = await call<OrchidsResponse>(aggregator.baseUrl, 'GET', '/service/orchids', { token: vera });
  expect(listed.status).toBe(200);
  return Object.fromEntries(listed.body.data.orchids.map((orchid) => [orchid.id, orchid.permissions!]));
}

/** Vera signs out on recorder A with her token there: A refuses it from now on. */
async function revokeOnA(token: string): Promise<void> {
  expect((await call(recorderA.baseUrl, 'DELETE', '/service/sessions/me', { token })).status).toBe(204);
  expect((await call(recorderA.baseUrl, 'GET', '/service/sessions/me', { token })).status).toBe(401);
}

it("recovers through the proxy after A revoked the user's session, and leaves the session on B as it was", async () => {
  const before = await veraSessions();
  expect(before[idA]?.token).toBeTruthy();
  expect(before[idB]?.token).toBeTruthy();
  await revokeOnA(before[idA]!.token);

  // The refused call cannot be sent again (a proxied body streams through): it is answered 'no_session', not 401.
  const refused = await call<{ code: string }>(aggregator.baseUrl, 'GET', `/service/orchid-proxy/${idA}/service/sessions/me`, { token: vera });
  expect(refused.status).toBe(503);
  expect(refused.body.code).toBe('no_session');
  const recovered = await call<Session>(aggregator.baseUrl, 'GET', `/service/orchid-proxy/${idA}/service/sessions/me`, { token: vera });
  expect(recovered.status).toBe(200);
  expect(recovered.body).toMatchObject({ name: 'vera', role: 'Viewer', tokenType: 'jwt' });
  expect(recovered.body.id).not.toBe(before[idA]!.sessionId);

  const after = await veraSessions();
  expect(after[idA]!.sessionId).toBe(recovered.body.id);
  expect(after[idB]!.sessionId).toBe(before[idB]!.sessionId);
  // The session on B still opens B.
  const onB = await call<Session>(aggregator.baseUrl, 'GET', `/service/orchid-proxy/${idB}/service/sessions/me`, { token: vera });
  expect(onB.body.id).toBe(before[idB]!.sessionId);
});

it("reads cameras within the same call after A revoked the user's session, minting a new one there only", async () => {
  const before = await veraSessions();
  await revokeOnA(before[idA]!.token);

  const cameras = await call<CamerasResponse>(aggregator.baseUrl, 'GET', `/service/orchids/${idA}/cameras`, { token: vera });
  expect(cameras.status, JSON.stringify(cameras.body)).toBe(200);
  expect(cameras.body.data.cameras).toEqual([]);

  const after = await veraSessions();
  expect(after[idA]!.sessionId).not.toBe(before[idA]!.sessionId);
  expect(after[idB]!.sessionId).toBe(before[idB]!.sessionId);
});
