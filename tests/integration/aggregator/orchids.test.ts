/**
 * The aggregator with real recorders, on SQLite and on a real PostgreSQL
 * server (one per file), the same suite for both: register recorders (the
 * password never in a reply nor in plain text in the database), spec 5 and
 * spec 8 errors, health, aggregator users and the superuser's locks, the
 * camera list across recorders as the user's role allows, the HTTP proxy
 * running as the signed-in user, the proxy following a server edited to a
 * new address or unregistered from its next call on, a recorder that goes
 * away (offline, not available, unregister failed, remove anyway). A
 * recorder trusts one issuer, so the two variants run one after the other
 * over the same recorder with a demo camera.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CamerasResponse, Orchid, OrchidsResponse, Session, User } from '../../../server/shared/api';
import { ORCHID_MESSAGES } from '../../../server/shared/orchid-validation';
import { registerRecorder, startAggregator, type AggregatorProcess, type RecorderToRegister } from '../helpers/aggregator-process';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

const RECORDER_PASSWORD = 'rec-Secret-4471';
let postgres: PostgresServer;
let recorder: RecorderProcess;

beforeAll(async () => {
  [postgres, recorder] = await Promise.all([startPostgres(), startRecorder({ adminPassword: RECORDER_PASSWORD, demoCameras: 1 })]);
});

afterAll(async () => {
  await Promise.all([postgres?.stop(), recorder?.stop()]);
});

describe.each(['sqlite', 'postgres'] as const)('aggregator on %s', (variant) => {
  let aggregator: AggregatorProcess;
  let spare: InProcessRecorder | undefined;
  let databaseUrl: string | undefined;
  let admin: string;
  let orchidId: string;
  /** Every reply body seen, to check that no recorder password was ever in one. */
  const replies: string[] = [];
  const agg = async <T>(method: string, urlPath: string, options: { token?: string; json?: unknown; headers?: Record<string, string> } = {}) => {
    const reply = await call<T>(aggregator.baseUrl, method, urlPath, options);
    replies.push(JSON.stringify(reply.body));
    return reply;
  };
  const registered = async (recorder: RecorderToRegister) => {
    const orchid = await registerRecorder(aggregator.baseUrl, admin, recorder);
    replies.push(JSON.stringify(orchid));
    return orchid;
  };

  beforeAll(async () => {
    databaseUrl = variant === 'postgres' ? await postgres.createDatabase('aggregator_suite') : undefined;
    [aggregator, spare] = await Promise.all([
      startAggregator({ databaseUrl, extraArgs: ['--health-interval-seconds', '1'] }),
      startInProcessRecorder('spare-Secret-99'),
    ]);
    admin = await signIn(aggregator.baseUrl, 'admin', 'secret');
  });

  afterAll(async () => {
    await Promise.all([aggregator?.stop(), spare?.close()]);
    if (aggregator) fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
  });

  it('signs in with an fsid session and refuses a wrong password', async () => {
    const me = await agg<Session>('GET', '/service/sessions/me', { token: admin });
    expect(me.body).toMatchObject({ name: 'admin', tokenType: 'fsid', role: 'Administrator' });
    const wrong = await agg<{ code: string }>('POST', '/service/sessions/user', { json: { username: 'admin', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('authentication-failed');
  });

  it('refuses a server with missing fields or a URL that is not http(s), in the words of spec 5', async () => {
    const base = { name: 'Lobby', uri: recorder.baseUrl, username: 'admin', password: RECORDER_PASSWORD };
    for (const [json, reason] of [
      [{ ...base, name: ' ' }, ORCHID_MESSAGES.nameRequired],
      [{ ...base, uri: 'ftp://127.0.0.1:21' }, ORCHID_MESSAGES.urlInvalid],
      [{ ...base, uri: 'not a url' }, ORCHID_MESSAGES.urlInvalid],
      [{ ...base, username: '' }, ORCHID_MESSAGES.usernameRequired],
      [{ ...base, password: '' }, ORCHID_MESSAGES.passwordRequired],
    ] as const) {
      const reply = await agg<{ reason: string }>('POST', '/service/orchids', { token: admin, json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.reason).toBe(reason);
    }
    const extra = await agg('POST', '/service/orchids', { token: admin, json: { ...base, extra: 1 } });
    expect(extra.status).toBe(400);
  });

  it("answers 'authentication-failed' for the recorder's wrong password", async () => {
    const reply = await agg<{ code: string; reason: string }>('POST', '/service/orchids', {
      token: admin,
      json: { name: 'Lobby', uri: recorder.baseUrl, username: 'admin', password: 'wrong-password' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'authentication-failed', reason: 'authentication-failed' });
  });

  it('registers a recorder: healthy, its cameras counted, its id the orchidId of its cameras', async () => {
    // Registered from the aggregator's page: the browser names the page's origin.
    const reply = await agg<Orchid>('POST', '/service/orchids', {
      token: admin,
      json: { name: 'Lobby', uri: `${recorder.baseUrl}/`, username: 'admin', password: RECORDER_PASSWORD },
      headers: { origin: aggregator.baseUrl },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    orchidId = reply.body.id;
    expect(reply.body.pageOrigin).toBe(aggregator.baseUrl);
    expect(reply.body).toMatchObject({ name: 'Lobby', uri: recorder.baseUrl, username: 'admin', health: 'healthy', isAvailable: true, isCompatibleVersion: true, cameras: 1 });
    expect(reply.body.version?.parsed).toBe(true);
    expect(reply.body.rtspPort).toBe(recorder.rtspPort);
    expect(reply.body.discoverableOrchid?.machineId).toMatch(/\w+/);
    const again = await agg<{ code: string }>('POST', '/service/orchids', {
      token: admin,
      json: { name: 'Lobby again', uri: recorder.baseUrl, username: 'admin', password: RECORDER_PASSWORD },
    });
    expect(again.status).toBe(409);
    // The recorder now trusts this aggregator.
    const recorderAdmin = await signIn(recorder.baseUrl, 'admin', RECORDER_PASSWORD);
    const issuer = await call<{ audience: string; source: string }>(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token: recorderAdmin });
    expect(issuer.body).toMatchObject({ audience: orchidId, source: 'api', url: aggregator.baseUrl });
    // So the recorder lets that page call it directly (CORS), and no other.
    const allowed = await fetch(`${recorder.baseUrl}/service/ping`, { headers: { origin: aggregator.baseUrl } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(aggregator.baseUrl);
  });

  it("keeps the recorder's password only sealed in the database", async () => {
    if (variant === 'sqlite') {
      const files = fs.readdirSync(aggregator.dataDir).filter((f) => f.startsWith('aggregator.db'));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(fs.readFileSync(path.join(aggregator.dataDir, file)).includes(RECORDER_PASSWORD)).toBe(false);
    } else {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const rows = (await client.query('SELECT * FROM orchids')).rows;
      await client.end();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(RECORDER_PASSWORD);
      expect(rows[0].password_sealed).toMatch(/^v1:/);
    }
    const key = fs.statSync(path.join(aggregator.dataDir, 'secrets', 'master.key'));
    expect(key.mode & 0o777).toBe(0o600);
  });

  it('keeps the superuser: not deleted, downgraded or renamed', async () => {
    const users = await agg<{ data: { users: User[] } }>('GET', '/service/users', { token: admin });
    const superuser = users.body.data.users.find((u) => u.superUser)!;
    expect((await agg('DELETE', `/service/users/${superuser.id}`, { token: admin })).status).toBe(403);
    expect((await agg('PATCH', `/service/users/${superuser.id}`, { token: admin, json: { role: 'viewer' } })).status).toBe(403);
    expect((await agg('PATCH', `/service/users/${superuser.id}`, { token: admin, json: { username: 'boss' } })).status).toBe(403);
  });

  it("lets a Viewer see cameras and servers as a Viewer, through the proxy too, and no further", async () => {
    const created = await agg<User>('POST', '/service/users', { token: admin, json: { username: 'vera', password: 'vera-pass', role: 'viewer' } });
    expect(created.status).toBe(201);
    const viewer = await signIn(aggregator.baseUrl, 'vera', 'vera-pass');
    const cameras = await agg<CamerasResponse>('GET', '/service/cameras', { token: viewer });
    expect(cameras.status).toBe(200);
    expect(cameras.body.data.cameras).toHaveLength(1);
    expect(cameras.body.data.cameras[0]).toMatchObject({ orchidId, permissions: { actions: { live: true, playback: true, export: false, ptz: false } } });
    const servers = await agg<OrchidsResponse>('GET', '/service/orchids', { token: viewer });
    const lobby = servers.body.data.orchids.find((o) => o.id === orchidId)!;
    expect(lobby.username).toBeUndefined();
    expect(lobby.permissions?.token).toBeTruthy();
    // The viewer's own session on the recorder is a Viewer's.
    const me = await agg<Session>('GET', `/service/orchid-proxy/${orchidId}/service/sessions/me`, { token: viewer });
    expect(me.body).toMatchObject({ name: 'vera', role: 'Viewer', tokenType: 'jwt' });
    const proxiedCameras = await agg<CamerasResponse>('GET', `/service/orchid-proxy/${orchidId}/service/cameras`, { token: viewer });
    expect(proxiedCameras.body.data.cameras.map((c) => c.id)).toEqual(cameras.body.data.cameras.map((c) => c.id));
    // Administrator calls of the recorder are refused by the recorder itself.
    expect((await agg('GET', `/service/orchid-proxy/${orchidId}/service/users`, { token: viewer })).status).toBe(403);
    expect((await agg('GET', `/service/orchid-proxy/${orchidId}/service/trusted/issuer`, { token: viewer })).status).toBe(403);
    // And the aggregator's own admin calls by the aggregator.
    expect((await agg('POST', '/service/orchids', { token: viewer, json: { name: 'x', uri: spare!.baseUrl, username: 'admin', password: 'x' } })).status).toBe(403);
    expect((await agg('DELETE', `/service/orchids/${orchidId}`, { token: viewer })).status).toBe(403);
    // Without a session nothing goes through.
    expect((await agg('GET', `/service/orchid-proxy/${orchidId}/service/cameras`)).status).toBe(401);
    const admins = await agg<{ data: { users: User[] } }>('GET', `/service/orchid-proxy/${orchidId}/service/users`, { token: admin });
    expect(admins.status).toBe(200);
  });

  it("lets a download a new window opens (the log) through the proxy on the recorder's ticket alone, and nothing else without a session", async () => {
    const proxy = `/service/orchid-proxy/${orchidId}/service`;
    const ticket = await agg<{ ticket: string }>('POST', `${proxy}/tickets`, { token: admin, json: { scope: 'log' } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const log = await fetch(`${aggregator.baseUrl}${proxy}/log?format=text&ticket=${encodeURIComponent(ticket.body.ticket)}`);
    expect(log.status).toBe(200);
    expect(await log.text()).toMatch(/\S/);
    // The recorder checks the ticket: one it never issued opens nothing, through the proxy as directly.
    expect((await fetch(`${aggregator.baseUrl}${proxy}/log?format=text&ticket=${'x'.repeat(43)}`)).status).toBe(401);
    // No ticket, or a ticket on a call that is no download: the aggregator wants its own session.
    expect((await fetch(`${aggregator.baseUrl}${proxy}/log?format=text`)).status).toBe(401);
    const other = await agg<{ ticket: string }>('POST', `${proxy}/tickets`, { token: admin, json: { scope: 'log' } });
    const cameras = await fetch(`${aggregator.baseUrl}${proxy}/cameras?ticket=${encodeURIComponent(other.body.ticket)}`);
    expect(cameras.status).toBe(401);
    expect(((await cameras.json()) as { code: string }).code).toBe('no_session');
  });

  it('carries a recorder socket through the WebSocket proxy: low-bandwidth pictures with the recorder\'s ticket, nothing without one', async () => {
    const proxy = `/service/orchid-proxy/${orchidId}/service`;
    const camera = (await agg<CamerasResponse>('GET', `${proxy}/cameras`, { token: admin })).body.data.cameras[0]!;
    const created = await agg<{ id: string }>('POST', `${proxy}/low-bandwidth/streams`, {
      token: admin,
      json: { streamId: camera.primaryStream!.id, resolution: { width: 320, height: 180 }, startTime: 0, rate: 2, waitThres: 2000, transport: 'websocket-base64' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sessionId = created.body.id;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const state = await agg<{ state: { status: string } }>('GET', `${proxy}/low-bandwidth/streams/${sessionId}`, { token: admin });
      if (state.body.state.status === 'ready') break;
      if (Date.now() > deadline) throw new Error(`low-bandwidth stream not ready: ${JSON.stringify(state.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ticket = await agg<{ ticket: string }>('POST', `${proxy}/tickets`, { token: admin, json: { scope: 'low-bandwidth', resource: sessionId } });
    expect(ticket.status).toBe(201);
    const socketUrl = `${aggregator.baseUrl.replace('http', 'ws')}/service/orchid-proxy-ws/${orchidId}/service/low-bandwidth/streams/${sessionId}/ws`;
    const picture = await new Promise<string>((resolve, reject) => {
      const socket = new WebSocket(`${socketUrl}?ticket=${encodeURIComponent(ticket.body.ticket)}`);
      const timer = setTimeout(() => reject(new Error('no picture through the proxy in 20 s')), 20_000);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'requestFrame' })));
      socket.on('message', (data) => {
        clearTimeout(timer);
        socket.close();
        resolve(data.toString());
      });
      socket.on('error', reject);
    });
    // A base64 JPEG: FF D8 FF.
    expect(Buffer.from(picture.slice(0, 8), 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Without the recorder's ticket (and no session of ours) the recorder refuses the socket.
    const refused = await new Promise<string>((resolve) => {
      const socket = new WebSocket(socketUrl);
      // Asks as the ticketed socket did: a picture here would mean the proxy let it through.
      socket.on('open', () => socket.send(JSON.stringify({ type: 'requestFrame' })));
      socket.on('message', () => resolve('message'));
      socket.on('unexpected-response', (_request, response) => resolve(`status ${response.statusCode}`));
      socket.on('close', (code) => resolve(`closed ${code}`));
      socket.on('error', () => resolve('error'));
    });
    expect(refused).not.toBe('message');
    await agg('DELETE', `${proxy}/low-bandwidth/streams/${sessionId}`, { token: admin });
  });

  it('proxies to the address a server is edited to, and answers not available once it is unregistered, from the next call on', async () => {
    const password = 'moved-Secret-42';
    let moved = await startInProcessRecorder(password, { keepDataDir: true });
    try {
      const added = await registered({ name: 'Moved', uri: moved.baseUrl, password });
      const me = `/service/orchid-proxy/${added.id}/service/sessions/me`;
      // A first call through the proxy, so the aggregator has looked the server up at its first address.
      expect((await agg('GET', me, { token: admin })).status).toBe(200);
      // The same recorder (its data folder, so its server id) comes back at another port, and the server is edited to it.
      const { dataDir } = moved;
      await moved.close();
      moved = await startInProcessRecorder(password, { dataDir });
      const edited = await agg<Orchid>('PATCH', `/service/orchids/${added.id}`, { token: admin, json: { uri: moved.baseUrl } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const proxied = await agg<Session>('GET', me, { token: admin });
      expect(proxied.status, JSON.stringify(proxied.body)).toBe(200);
      expect(proxied.body).toMatchObject({ name: 'admin', tokenType: 'jwt' });
      expect((await agg('DELETE', `/service/orchids/${added.id}`, { token: admin })).status).toBe(204);
      const gone = await agg<{ code: string; reason: string }>('GET', me, { token: admin });
      expect(gone.status, JSON.stringify(gone.body)).toBe(404);
      expect(gone.body.reason).toBe(ORCHID_MESSAGES.notAvailable);
    } finally {
      await moved.close();
      fs.rmSync(moved.dataDir, { recursive: true, force: true });
    }
  });

  it('shows a stopped recorder offline: not available through the proxy, unregister failed, removed with force', async () => {
    const added = await registered({ name: 'Spare', uri: spare!.baseUrl, password: 'spare-Secret-99' });
    expect(added.health).toBe('healthy');
    await spare!.close();
    spare = undefined;
    const refreshed = await agg<Orchid>('POST', `/service/orchids/${added.id}/cache`, { token: admin });
    expect(refreshed.body).toMatchObject({ health: 'offline', isAvailable: false, failureReason: ORCHID_MESSAGES.notAvailable });
    const proxied = await agg<{ code: string; reason: string }>('GET', `/service/orchid-proxy/${added.id}/service/cameras`, { token: admin });
    expect(proxied.status).toBe(404);
    expect(proxied.body.reason).toBe(ORCHID_MESSAGES.notAvailable);
    // The other recorder's cameras are still listed.
    expect((await agg<CamerasResponse>('GET', '/service/cameras', { token: admin })).body.data.cameras).toHaveLength(1);
    const refused = await agg<{ code: string }>('DELETE', `/service/orchids/${added.id}`, { token: admin });
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('unregister-failed');
    expect((await agg('DELETE', `/service/orchids/${added.id}?force=true`, { token: admin })).status).toBe(204);
    const left = await agg<OrchidsResponse>('GET', '/service/orchids', { token: admin });
    expect(left.body.data.orchids.map((o) => o.id)).toEqual([orchidId]);
  });

  it('has never answered a recorder password, and unregisters cleanly (the recorder forgets the aggregator)', async () => {
    expect((await agg('DELETE', `/service/orchids/${orchidId}`, { token: admin })).status).toBe(204);
    const recorderAdmin = await signIn(recorder.baseUrl, 'admin', RECORDER_PASSWORD);
    expect((await call(recorder.baseUrl, 'GET', '/service/trusted/issuer', { token: recorderAdmin })).status).toBe(404);
    const all = replies.join('\n');
    expect(all).not.toContain(RECORDER_PASSWORD);
    expect(all).not.toContain('spare-Secret-99');
  });
});
