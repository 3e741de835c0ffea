/**
 * The aggregator's camera list across recorders keeps each recorder's last
 * answer per role and asks again with its tag: a 304 serves the kept
 * bytes, a change on the recorder shows in the next list, a Viewer and an
 * Administrator each get their own role's list, and a session the recorder
 * refuses never gets the kept bytes. A recorder late past the list's
 * budget is shown as it last answered a user it accepted, while a user it
 * has not accepted waits for it, and so does a list asked with
 * Cache-Control: no-cache and any list after a write through the
 * aggregator's proxy to that recorder. Real aggregator process (as users
 * start it), a real recorder in this process with two simulated cameras
 * (proxy-only streams, so the list holds still between changes), reached
 * through a plain HTTP relay here that notes what the recorder answered to
 * each user's camera list.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera, CamerasResponse, Orchid, OrchidsResponse, User } from '../../../server/shared/api';
import { cameraActionsFor } from '../../../server/shared/roles';
import { LIST_ANSWER_BUDGET_MS } from '../../../server/aggregator/proxy/camera-routes';
import { registerRecorder, startAggregator, type AggregatorProcess } from '../helpers/aggregator-process';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn } from '../helpers/recorder-process';
import { seedSimulatedCameras } from '../helpers/seed-recording';
import { waitFor } from '../recorder/helpers/media-recorder';
import { startSimulator } from '../recorder/helpers/simulator';

const RECORDER_PASSWORD = 'cache-Secret-47';
let sim: CameraSim;
let recorder: InProcessRecorder;
let relay: http.Server;
let relayUrl: string;
let aggregator: AggregatorProcess;
let dataDir: string;
let admin: string;
let vera: string;
let orchidId: string;
/** What the recorder answered to each user's GET /service/cameras that passed the relay, in order. */
let answers: number[] = [];
/** ...and to the aggregator's own (its health checks, as its service session). */
let checks: number[] = [];
/** While set, each user's camera list waits at the relay until its release here is called. */
let held: Array<() => void> | undefined;

/** Whether a request carries a user's session: a JWT the aggregator minted (its own checks use an opaque recorder token). */
const asUser = (request: http.IncomingMessage) => /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(request.headers.authorization ?? '');

/** Passes every request on to the recorder as it came, noting the status of each user's camera list. */
function startRelay(target: string): Promise<http.Server> {
  const { hostname, port } = new URL(target);
  const server = http.createServer((request, response) => {
    if (held && request.method === 'GET' && request.url === '/service/cameras' && asUser(request)) {
      held.push(() => pass(request, response));
      return;
    }
    pass(request, response);
  });
  const pass = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const upstream = http.request({ host: hostname, port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      if (request.method === 'GET' && request.url === '/service/cameras') (asUser(request) ? answers : checks).push(answer.statusCode ?? 0);
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  };
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  sim = await startSimulator(2);
  dataDir = seedSimulatedCameras(sim.cameras, ['Lobby', 'Yard'], 'argus-agg-list-');
  [recorder, aggregator] = await Promise.all([startInProcessRecorder(RECORDER_PASSWORD, { dataDir }), startAggregator()]);
  relay = await startRelay(recorder.baseUrl);
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  admin = await signIn(aggregator.baseUrl, 'admin', 'secret');
  orchidId = (await registerRecorder(aggregator.baseUrl, admin, { name: 'Recorder', uri: relayUrl, password: RECORDER_PASSWORD })).id;
  const created = await call<User>(aggregator.baseUrl, 'POST', '/service/users', { token: admin, json: { username: 'vera', password: 'vera-pass', role: 'viewer' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  vera = await signIn(aggregator.baseUrl, 'vera', 'vera-pass');
  // Both streams running: from here on the recorder's list holds still until a test changes it.
  await waitFor('both streams to run', async () => {
    const cameras = (await list(admin)).cameras;
    return cameras.length === 2 && cameras.every((camera) => camera.lastStreamState === 'running') ? true : undefined;
  });
}, 180_000);

afterAll(async () => {
  await Promise.all([aggregator?.stop(), recorder?.close()]);
  await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
  await sim?.stop();
  if (aggregator) fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  answers = [];
});

afterEach(() => {
  for (const release of held ?? []) release();
  held = undefined;
});

/** The aggregator's list for `token`, its bytes and its cameras; `revalidate` asks it with Cache-Control: no-cache, as the stage's first list. */
async function list(token: string, revalidate = false): Promise<{ bytes: string; cameras: Camera[] }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (revalidate) headers['cache-control'] = 'no-cache';
  const reply = await fetch(`${aggregator.baseUrl}/service/cameras`, { headers });
  expect(reply.status).toBe(200);
  const bytes = await reply.text();
  return { bytes, cameras: (JSON.parse(bytes) as CamerasResponse).data.cameras };
}

it("serves the kept bytes after the recorder's 304", async () => {
  const first = await list(admin);
  const second = await list(admin);
  expect(second.bytes).toBe(first.bytes);
  expect(second.cameras.map((camera) => camera.name).sort()).toEqual(['Lobby', 'Yard']);
  expect(answers.at(-1)).toBe(304);
});

it('shows a change made on the recorder itself in the next revalidated list', async () => {
  await list(admin);
  const onRecorder = await signIn(recorder.baseUrl, 'admin', RECORDER_PASSWORD);
  const lobby = (await list(admin)).cameras.find((camera) => camera.name === 'Lobby')!;
  expect((await call(recorder.baseUrl, 'PATCH', `/service/cameras/${lobby.id}`, { token: onRecorder, json: { name: 'Entrance' } })).status).toBe(200);
  answers = [];
  // Revalidated: a recorder slower than the budget cannot be shown as it was (the aggregator did not see this change).
  const after = await list(admin, true);
  expect(after.cameras.find((camera) => camera.id === lobby.id)?.name).toBe('Entrance');
  expect(answers).toEqual([200]);
  // Put back for the tests after.
  expect((await call(recorder.baseUrl, 'PATCH', `/service/cameras/${lobby.id}`, { token: onRecorder, json: { name: 'Lobby' } })).status).toBe(200);
  await list(admin, true);
});

it('gives a Viewer and an Administrator each their own role’s list', async () => {
  const adminActions = cameraActionsFor('Administrator');
  const viewerActions = cameraActionsFor('Viewer');
  expect(viewerActions).not.toEqual(adminActions);
  const actionsIn = (cameras: Camera[]) => cameras.map((camera) => camera.permissions.actions);

  expect(actionsIn((await list(admin)).cameras)).toEqual([adminActions, adminActions]);
  expect(actionsIn((await list(vera)).cameras)).toEqual([viewerActions, viewerActions]);
  // Both kept now: each is served from its own role's answer.
  answers = [];
  expect(actionsIn((await list(vera)).cameras)).toEqual([viewerActions, viewerActions]);
  expect(actionsIn((await list(admin)).cameras)).toEqual([adminActions, adminActions]);
  expect(answers).toEqual([304, 304]);
});

it("asks again with a new session when the recorder refused the user's, and serves the kept bytes only after that one was checked", async () => {
  const kept = await list(vera);
  const orchids = await call<OrchidsResponse>(aggregator.baseUrl, 'GET', '/service/orchids', { token: vera });
  const session = orchids.body.data.orchids.find((orchid) => orchid.id === orchidId)!.permissions!;
  expect((await call(recorder.baseUrl, 'DELETE', '/service/sessions/me', { token: session.token })).status).toBe(204);
  answers = [];
  const after = await list(vera);
  expect(after.bytes).toBe(kept.bytes);
  // The revoked session was refused (401) and a new one got the 304. (On a slow machine the list may come
  // before that 304, from the last known list, within the budget: hence the wait.)
  await waitFor('the new session to be answered', () => (answers.length >= 2 ? true : undefined), 10_000);
  expect(answers).toEqual([401, 304]);
});

it('shows a recorder late past the budget as it last answered the user, and shares one read of it; a user it has not accepted waits', async () => {
  const before = await list(admin);
  held = [];
  // The recorder's answer is held at the relay: the list comes without it, with the last known bytes.
  const late = await list(admin);
  expect(held).toHaveLength(1);
  expect(late.bytes).toBe(before.bytes);
  // A second list while that read is under way joins it rather than ask the recorder again.
  expect((await list(admin)).bytes).toBe(before.bytes);
  expect(held).toHaveLength(1);

  const created = await call<User>(aggregator.baseUrl, 'POST', '/service/users', { token: admin, json: { username: 'nora', password: 'nora-pass', role: 'viewer' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const nora = await signIn(aggregator.baseUrl, 'nora', 'nora-pass');
  let settled = false;
  const norasList = list(nora).finally(() => (settled = true));
  await waitFor("nora's read to reach the recorder", () => (held!.length === 2 ? true : undefined), 10_000);
  // Well past the budget: her list still waits, as the recorder never accepted her session.
  await new Promise((resolve) => setTimeout(resolve, LIST_ANSWER_BUDGET_MS * 5));
  expect(settled).toBe(false);
  for (const release of held!.splice(0)) release();
  held = undefined;
  expect((await norasList).cameras.map((camera) => camera.name).sort()).toEqual(before.cameras.map((camera) => camera.name).sort());
});

/** Whether `pending` is still unsettled after five list budgets: a list that waits for the held recorder. */
async function stillWaiting(pending: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void pending.finally(() => (settled = true)).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, LIST_ANSWER_BUDGET_MS * 5));
  return !settled;
}

it('takes no stand-in for a list asked with Cache-Control: no-cache: it waits for the late recorder', async () => {
  const before = await list(admin);
  held = [];
  const revalidated = list(admin, true);
  expect(await stillWaiting(revalidated)).toBe(true);
  expect(held).toHaveLength(1);
  for (const release of held.splice(0)) release();
  held = undefined;
  expect((await revalidated).bytes).toBe(before.bytes);
});

it("waits for a recorder after a write through the aggregator's proxy to it, and shows the change", async () => {
  const lobby = (await list(admin)).cameras.find((camera) => camera.name === 'Lobby')!;
  // The kept list would stand in now (the test above shows it); a rename through the proxy makes it out of date.
  const renamed = await call(aggregator.baseUrl, 'PATCH', `/service/orchid-proxy/${orchidId}/service/cameras/${lobby.id}`, { token: admin, json: { name: 'Entrance' } });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  held = [];
  const after = list(admin);
  expect(await stillWaiting(after)).toBe(true);
  for (const release of held.splice(0)) release();
  held = undefined;
  expect((await after).cameras.find((camera) => camera.id === lobby.id)?.name).toBe('Entrance');
  // Read again since the write: a late answer may stand in once more, with the new name.
  held = [];
  expect((await list(admin)).cameras.find((camera) => camera.id === lobby.id)?.name).toBe('Entrance');
  for (const release of held.splice(0)) release();
  held = undefined;
  const back = await call(aggregator.baseUrl, 'PATCH', `/service/orchid-proxy/${orchidId}/service/cameras/${lobby.id}`, { token: admin, json: { name: 'Lobby' } });
  expect(back.status, JSON.stringify(back.body)).toBe(200);
  await list(admin, true);
});

it("counts the cameras in a health check from a 304 while the recorder's list is unchanged, and again after a change", async () => {
  const check = async () => {
    const reply = await call<Orchid>(aggregator.baseUrl, 'POST', `/service/orchids/${orchidId}/cache`, { token: admin });
    expect(reply.status).toBe(200);
    return reply.body;
  };
  await check();
  checks = [];
  const unchanged = await check();
  expect(checks).toEqual([304]);
  expect([unchanged.cameras, unchanged.camerasOnline]).toEqual([2, 2]);

  const onRecorder = await signIn(recorder.baseUrl, 'admin', RECORDER_PASSWORD);
  const yard = (await list(admin)).cameras.find((camera) => camera.name === 'Yard')!;
  expect((await call(recorder.baseUrl, 'DELETE', `/service/cameras/${yard.id}`, { token: onRecorder })).status).toBe(204);
  checks = [];
  const after = await check();
  expect(checks).toEqual([200]);
  expect(after.cameras).toBe(1);
});

it('leaves out the cameras of a recorder that refuses the user, though their list is kept', async () => {
  expect((await list(vera)).cameras).toHaveLength(1);
  // The recorder stops trusting this aggregator: every session it minted there is refused, and no new one can be had.
  const onRecorder = await signIn(recorder.baseUrl, 'admin', RECORDER_PASSWORD);
  expect((await call(recorder.baseUrl, 'DELETE', '/service/trusted/issuer', { token: onRecorder })).status).toBe(204);
  answers = [];
  // Its refusal may come after the list's budget, which then shows the last known list once.
  await waitFor('the refusal to leave the cameras out', async () => ((await list(vera)).cameras.length === 0 ? true : undefined), 10_000);
  expect((await list(vera)).cameras).toEqual([]);
  expect(answers).not.toContain(304);
  expect(answers).not.toContain(200);
});
