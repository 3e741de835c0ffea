/**
 * The aggregator's camera preview (spec 7: GET /service/orchids/{id}/cameras/
 * {cameraId}/preview) on a real aggregator, on SQLite and on a real
 * PostgreSQL server, with a real recorder and its simulated camera (main
 * stream 1280x720): pictures of exactly the asked size (read from the JPEG's
 * frame header), fitted or cropped; Viewer and Live Viewer allowed; 400s
 * that name the bad field, and for a session id in the query; 404 for an
 * unknown server or camera and for an offline one; 503 'no_session' when
 * the recorder forgot the user's session; 502 for a redirect; single-use
 * tickets for one camera.
 *
 * The recorder is registered through a small pass-through front in this
 * test, so the test can take the server offline or make it answer a
 * redirect without touching the recorder. A recorder trusts one issuer, so
 * the two variants run one after the other, each registering and
 * unregistering it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CamerasResponse, TicketResponse, User } from '../../../server/shared/api';
import { ORCHID_MESSAGES } from '../../../server/shared/orchid-validation';
import { registerRecorder, startAggregator, type AggregatorProcess } from '../helpers/aggregator-process';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';
import { jpegSize } from '../live/helpers/jpeg-probe';

const RECORDER_PASSWORD = 'rec-Preview-8812';

type FrontMode = 'pass' | 'down' | 'redirect-pictures' | 'refuse-cameras';

/** A pass-through HTTP front for the recorder that the test can take down, make redirect picture calls, or refuse every camera read (401) as a recorder refuses a token. */
interface RecorderFront {
  baseUrl: string;
  mode: FrontMode;
  close(): Promise<void>;
}

async function startFront(target: string): Promise<RecorderFront> {
  const server = http.createServer((request, response) => {
    if (front.mode === 'down') return void request.socket.destroy();
    if (front.mode === 'redirect-pictures' && /\/frame(\?|$)/.test(request.url ?? '')) {
      response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end();
      return;
    }
    if (front.mode === 'refuse-cameras' && (request.url ?? '').startsWith('/service/cameras/')) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'jwt-revoked', reason: 'This token was signed out.' }));
      return;
    }
    const upstream = http.request(`${target}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const front: RecorderFront = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: 'pass',
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return front;
}

let postgres: PostgresServer;
let recorder: RecorderProcess;
let front: RecorderFront;

beforeAll(async () => {
  [postgres, recorder] = await Promise.all([startPostgres(), startRecorder({ adminPassword: RECORDER_PASSWORD, demoCameras: 1 })]);
  front = await startFront(recorder.baseUrl);
});

afterAll(async () => {
  await Promise.all([postgres?.stop(), recorder?.stop(), front?.close()]);
});

describe.each(['sqlite', 'postgres'] as const)('camera preview on an aggregator on %s', (variant) => {
  let aggregator: AggregatorProcess;
  let admin: string;
  let viewer: string;
  let liveViewer: string;
  let orchidId: string;
  let cameraId: string;

  const previewPath = (query: string, server = orchidId, camera = cameraId) =>
    `/service/orchids/${encodeURIComponent(server)}/cameras/${encodeURIComponent(camera)}/preview${query}`;
  const preview = (query: string, token?: string, server?: string, camera?: string) =>
    fetch(`${aggregator.baseUrl}${previewPath(query, server, camera)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as { code: string; reason: string }) });
  const picture = async (response: Response) => {
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    return jpegSize(Buffer.from(await response.arrayBuffer()));
  };
  const user = async (username: string, role: string): Promise<string> => {
    const created = await call<User>(aggregator.baseUrl, 'POST', '/service/users', { token: admin, json: { username, password: `${username}-pass`, role } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return signIn(aggregator.baseUrl, username, `${username}-pass`);
  };

  beforeAll(async () => {
    const databaseUrl = variant === 'postgres' ? await postgres.createDatabase('aggregator_preview') : undefined;
    aggregator = await startAggregator({ databaseUrl });
    admin = await signIn(aggregator.baseUrl, 'admin', 'secret');
    orchidId = (await registerRecorder(aggregator.baseUrl, admin, { name: 'Gate', uri: front.baseUrl, password: RECORDER_PASSWORD })).id;
    [viewer, liveViewer] = await Promise.all([user('vera', 'Viewer'), user('liv', 'Live Viewer')]);
    // The demo camera runs once its stream has sent a keyframe: wait for its first picture.
    const deadline = Date.now() + 90_000;
    for (;;) {
      const cameras = await call<CamerasResponse>(aggregator.baseUrl, 'GET', `/service/orchids/${orchidId}/cameras`, { token: admin });
      cameraId = cameras.body?.data?.cameras?.[0]?.id ?? '';
      if (cameraId && (await preview('?width=64&height=64', admin)).status === 200) break;
      if (Date.now() > deadline) throw new Error(`no preview of the demo camera in time:\n${recorder.output().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  });

  afterAll(async () => {
    front.mode = 'pass';
    // Detach this aggregator, so the next variant's can register the recorder.
    if (orchidId) expect((await call(aggregator.baseUrl, 'DELETE', `/service/orchids/${orchidId}`, { token: admin })).status).toBe(204);
    await aggregator?.stop();
    if (aggregator) fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
  });

  it('answers the live picture of exactly the asked size when cropped, and fitted into it otherwise', async () => {
    expect(await picture(await preview('?width=320&height=320&crop=true', viewer))).toEqual({ width: 320, height: 320 });
    expect(await picture(await preview('?width=200&height=300&crop=true', viewer))).toEqual({ width: 200, height: 300 });
    // Fitted, a 16:9 camera in a square: as wide as asked, 9/16 of it high.
    expect(await picture(await preview('?width=320&height=320&crop=false', viewer))).toEqual({ width: 320, height: 180 });
    expect(await picture(await preview('?width=320&height=320', viewer))).toEqual({ width: 320, height: 180 });
    // The recorder renders even sides: an odd ask is one pixel less.
    expect(await picture(await preview('?width=301&height=201&crop=true', viewer))).toEqual({ width: 300, height: 200 });
  });

  it('lets a Live Viewer ask too', async () => {
    expect(await picture(await preview('?width=480&height=270&crop=true', liveViewer))).toEqual({ width: 480, height: 270 });
  });

  it('refuses a width or height out of 1..1920 and 1..1080, or no number, with a 400 that names the field', async () => {
    for (const [query, field] of [
      ['?width=0&height=100', 'width'],
      ['?width=1921&height=100', 'width'],
      ['?width=1.5&height=100', 'width'],
      ['?width=wide&height=100', 'width'],
      ['?height=100', 'width'],
      ['?width=100&height=0', 'height'],
      ['?width=100&height=1081', 'height'],
      ['?width=100', 'height'],
      ['?width=100&height=100&crop=maybe', 'crop'],
    ] as const) {
      const reply = await refusal(await preview(query, viewer));
      expect(reply.status, query).toBe(400);
      expect(reply.reason, query).toContain(`'${field}'`);
    }
    expect(await picture(await preview('?width=1920&height=1080&crop=true', viewer))).toEqual({ width: 1920, height: 1080 });
  });

  it("refuses a session id in the query ('fsid-not-accepted'), even beside a valid session", async () => {
    const reply = await refusal(await preview(`?width=100&height=100&fsid=${encodeURIComponent(viewer)}`, viewer));
    expect(reply).toMatchObject({ status: 400, code: 'fsid-not-accepted' });
    // Without a header it opens nothing either: no session is ever read from the address.
    expect((await preview(`?width=100&height=100&fsid=${encodeURIComponent(viewer)}`)).status).toBe(401);
    expect((await preview('?width=100&height=100')).status).toBe(401);
  });

  it('answers 404 for an unknown server (not available) and for an unknown camera (the recorder’s refusal)', async () => {
    const unknownServer = await refusal(await preview('?width=100&height=100', viewer, 'no-such-server'));
    expect(unknownServer).toMatchObject({ status: 404, reason: ORCHID_MESSAGES.notAvailable });
    const unknownCamera = await refusal(await preview('?width=100&height=100', viewer, orchidId, 'no-such-camera'));
    expect(unknownCamera).toMatchObject({ status: 404, code: 'camera-not-found' });
  });

  it('opens with a ticket for its camera, once, and for nothing else', async () => {
    const asked = await call<TicketResponse>(aggregator.baseUrl, 'POST', previewPath('/tickets'), { token: viewer });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.expiresAt).toBeLessThanOrEqual(Date.now() + 30_000);
    const ticket = `&ticket=${encodeURIComponent(asked.body.ticket)}`;
    // Not for another camera or server (and such a try does not spend it).
    expect((await preview(`?width=100&height=100${ticket}`, undefined, orchidId, 'other-camera')).status).toBe(401);
    expect((await preview(`?width=100&height=100${ticket}`, undefined, 'other-server', cameraId)).status).toBe(401);
    // An <img> without the header: the picture, once.
    expect(await picture(await preview(`?width=160&height=90&crop=true${ticket}`))).toEqual({ width: 160, height: 90 });
    expect((await preview(`?width=160&height=90&crop=true${ticket}`)).status).toBe(401);
    // A made-up ticket opens nothing; tickets are asked with the header, never with a ticket.
    expect((await preview(`?width=100&height=100&ticket=${'x'.repeat(43)}`)).status).toBe(401);
    expect((await call(aggregator.baseUrl, 'POST', previewPath('/tickets'))).status).toBe(401);
    // The ticket route answers for registered servers only.
    expect((await call(aggregator.baseUrl, 'POST', previewPath('/tickets', 'other-server'), { token: viewer })).status).toBe(404);
  });

  it("signs in there afresh within the same ask when the recorder forgot the user's session", async () => {
    // The viewer signs out on the recorder itself (through the proxy, as that user): the aggregator still holds the token.
    expect((await call(aggregator.baseUrl, 'DELETE', `/service/orchid-proxy/${orchidId}/service/sessions/me`, { token: viewer })).status).toBe(204);
    expect(await picture(await preview('?width=100&height=100&crop=true', viewer))).toEqual({ width: 100, height: 100 });
  });

  it("answers 503 'no_session' when the recorder refuses the user's session even when minted afresh, and recovers once it takes one", async () => {
    front.mode = 'refuse-cameras';
    try {
      expect(await refusal(await preview('?width=100&height=100', viewer))).toMatchObject({ status: 503, code: 'no_session' });
    } finally {
      front.mode = 'pass';
    }
    expect(await picture(await preview('?width=100&height=100&crop=true', viewer))).toEqual({ width: 100, height: 100 });
  });

  it('answers 502 for a redirect from the recorder, and 404 not available while it is offline', async () => {
    try {
      front.mode = 'redirect-pictures';
      expect((await preview('?width=100&height=100', viewer)).status).toBe(502);
      front.mode = 'down';
      expect(await refusal(await preview('?width=100&height=100', viewer))).toMatchObject({ status: 404, reason: ORCHID_MESSAGES.notAvailable });
    } finally {
      front.mode = 'pass';
    }
    expect(await picture(await preview('?width=100&height=100&crop=true', viewer))).toEqual({ width: 100, height: 100 });
  });
});
