/**
 * The authorization matrix, generated from the recorder's own route table:
 * every registered route is called with no token, a garbage token, an
 * expired token and a session of each role, and must answer exactly as the
 * access rule it declares says (core/http/auth.ts). The rules themselves are
 * held against spec 6 by EXPECTED_ACCESS, which names every route: a route
 * added without a rule, or without a line here, fails the suite, and so does
 * a rule that differs from what spec 6 gives that call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Role } from '../../../server/shared/roles';
import { can, ROLES } from '../../../server/shared/roles';
import type { User } from '../../../server/shared/api';
import type { RouteAccess } from '../../../server/common/http/auth';
import type { RouteEntry } from '../../../server/recorder/core/http/route-table';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn, ticketFor } from '../helpers/recorder-process';

/**
 * Spec 6, call by call. Live Viewer: live only; Viewer: + playback; Manager:
 * + export, PTZ, system reports; Administrator: + cameras, users, licence,
 * presets, update client. Stages are every user's own (sharing is checked inside).
 */
const EXPECTED_ACCESS: Record<string, RouteAccess> = {
  'GET /ping': 'public',
  'GET /service/ping': 'public',
  'GET /service/version': 'public',
  'GET /service/about': 'public',
  'POST /service/sessions/user': 'public',
  'GET /*': 'public',
  'GET /service/time': 'signed-in',
  'GET /service/time-extended': 'signed-in',
  'GET /service/sessions/me': 'signed-in',
  'DELETE /service/sessions/me': 'signed-in',
  'POST /service/tickets': 'signed-in',
  'GET /service/layouts': 'signed-in',
  'POST /service/layouts': 'signed-in',
  'GET /service/layouts/:id': 'signed-in',
  'PATCH /service/layouts/:id': 'signed-in',
  'DELETE /service/layouts/:id': 'signed-in',
  'GET /service/users': 'manage-users',
  'POST /service/users': 'manage-users',
  'PATCH /service/users/:id': 'manage-users',
  'DELETE /service/users/:id': 'manage-users',
  'GET /service/cameras': 'live',
  'GET /service/cameras/:id': 'live',
  'POST /service/cameras': 'configure-cameras',
  'PATCH /service/cameras/:id': 'configure-cameras',
  'DELETE /service/cameras/:id': 'configure-cameras',
  'GET /service/cameras/:id/verify': 'configure-cameras',
  'POST /service/cameras/:id/streams': 'configure-cameras',
  'PUT /service/cameras/:id/streams/:streamId': 'configure-cameras',
  'PATCH /service/cameras/:id/streams/:streamId': 'configure-cameras',
  'DELETE /service/cameras/:id/streams/:streamId': 'configure-cameras',
  'PUT /service/cameras/:id/streams/:streamId/motion/mask': 'configure-cameras',
  'GET /service/cameras/:id/streams/:streamId/motion/mask': 'configure-cameras',
  'DELETE /service/cameras/:id/streams/:streamId/motion/mask': 'configure-cameras',
  'GET /service/cameras/disk-usage': 'configure-cameras',
  'GET /service/discoverable/cameras': 'configure-cameras',
  'GET /service/streams': 'live',
  'GET /service/streams/status': 'live',
  'GET /service/streams/:id': 'live',
  'GET /service/streams/:id/status': 'live',
  'GET /service/streams/:id/frame': 'live',
  'GET /service/streams/webrtc': 'live',
  'POST /service/low-bandwidth/streams': 'live',
  'GET /service/low-bandwidth/streams/:id': 'live',
  'DELETE /service/low-bandwidth/streams/:id': 'live',
  'GET /service/low-bandwidth/streams/:id/ws': 'live',
  'POST /service/streams/:id/restart': 'system-report',
  'GET /service/streams/:id/verify': 'system-report',
  'GET /service/server/utilization/disk': 'system-report',
  'GET /service/archives': 'playback',
  'GET /service/archives/per-day': 'playback',
  'GET /service/events/camera-stream/histogram': 'playback',
  'GET /service/events/camera-stream': 'playback',
  'GET /service/streams/:id/export': 'export',
  'HEAD /service/streams/:id/export': 'export',
  'GET /service/log': 'system-report',
  'GET /service/server/log-level': 'server-settings',
  'PUT /service/server/log-level': 'server-settings',
  'GET /service/server/properties': 'server-settings',
  'PUT /service/server/properties': 'server-settings',
  'GET /service/server/properties/info': 'server-settings',
  'GET /service/server/properties/confirmed': 'server-settings',
  'POST /service/server/properties/confirmed': 'server-settings',
  'GET /service/server/report': 'system-report',
  // Update client is for administrators (spec 6); the API docs are public, read-only (core/http/api-docs.ts).
  'GET /service/ui': 'update-client',
  'POST /service/ui': 'update-client',
  'POST /service/ui/rollback': 'update-client',
  'GET /service/openapi.json': 'public',
  'GET /service/docs': 'public',
  'GET /service/docs/': 'public',
  'GET /service/docs/static/index.html': 'public',
  'GET /service/docs/static/swagger-initializer.js': 'public',
  'GET /service/docs/json': 'public',
  'GET /service/docs/yaml': 'public',
  'GET /service/docs/static/*': 'public',
  'POST /service/cameras/:id/position': 'ptz',
  'POST /service/cameras/:id/position/presets/:token': 'ptz',
  'GET /service/cameras/:id/position/presets': 'live',
  'POST /service/cameras/:id/position/presets': 'manage-ptz-presets',
  'PATCH /service/cameras/:id/position/presets/:token': 'manage-ptz-presets',
  'DELETE /service/cameras/:id/position/presets/:token': 'manage-ptz-presets',
  // Every signed-in user reads the license session (the bad-license button shows to all); changing it is the licence ability.
  'GET /service/discoverable/orchids/1': 'signed-in',
  'POST /service/license-session': 'license',
  'DELETE /service/license-session': 'license',
  // The JWT in the query is the credential (spec 6: single player); the trusted issuer is the licence ability's, like the rest of Activation.
  'GET /service/identity': 'public',
  'GET /service/trusted/issuer': 'license',
  'PUT /service/trusted/issuer': 'license',
  'DELETE /service/trusted/issuer': 'license',
  // The CORS preflight route of the trusted issuer's page (core/http/cross-origin.ts): it answers only what may be asked.
  'OPTIONS *': 'public',
};

type Identity = 'none' | 'garbage' | 'expired' | Role;
const IDENTITIES: Identity[] = ['none', 'garbage', 'expired', ...ROLES];

let recorder: InProcessRecorder;
const usersByRole = new Map<Role, User>();

/** The key EXPECTED_ACCESS knows a route by: HEAD routes Fastify adds for a GET share the GET's rule. */
function expectationKey(route: RouteEntry): string {
  const key = `${route.method} ${route.url}`;
  if (route.method === 'HEAD' && !(key in EXPECTED_ACCESS)) return `GET ${route.url}`;
  return key;
}

function concretePath(url: string): string {
  // The catch-all preflight route, asked of a real path.
  if (url === '*') return '/service/cameras';
  return url.replace(/:[A-Za-z]+/g, 'probe').replace(/\*$/, 'index.html');
}

/** A bearer token for one identity; each call gets its own session, so a sign-out in one call ends nothing else. */
function tokenFor(identity: Identity): string | undefined {
  if (identity === 'none') return undefined;
  if (identity === 'garbage') return 'garbage-token-0123456789';
  const user = identity === 'expired' ? usersByRole.get('Administrator')! : usersByRole.get(identity)!;
  const session = recorder.services.sessions.create(user, { persistent: false });
  if (identity === 'expired') recorder.services.db.prepare('UPDATE sessions SET expires_ms = 1 WHERE id = ?').run(session.id);
  return session.token;
}

/** What a rule allows an identity: 'open' (anything but 401/403), or the refusal it must get. */
function outcome(access: RouteAccess, identity: Identity): 'open' | 401 | 403 {
  if (access === 'public') return 'open';
  if (identity === 'none' || identity === 'garbage' || identity === 'expired') return 401;
  if (access === 'signed-in') return 'open';
  return can(identity, access) ? 'open' : 403;
}

async function httpStatus(route: RouteEntry, token: string | undefined): Promise<number> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  if (hasBody) headers['content-type'] = 'application/json';
  const response = await fetch(`${recorder.baseUrl}${concretePath(route.url)}`, {
    method: route.method,
    headers,
    body: hasBody ? '{}' : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The HTTP status a WebSocket upgrade is answered with: 101 when it opened. */
function upgradeStatus(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${recorder.baseUrl.replace('http', 'ws')}${path}`, { headers, handshakeTimeout: 10_000 });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      // A refused upgrade must be closed by the server, or every refusal holds a socket open.
      const timer = setTimeout(() => {
        reject(new Error(`${path}: the server kept a refused upgrade (${response.statusCode}) open`));
        response.socket.destroy();
      }, 5_000);
      response.socket.once('close', () => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
      });
    });
    socket.once('error', reject);
  });
}

beforeAll(async () => {
  recorder = await startInProcessRecorder();
  const admin = await signIn(recorder.baseUrl, 'admin', 'secret');
  for (const role of ROLES) {
    const username = `matrix${role.replace(' ', '').toLowerCase()}`;
    const created = await call<User>(recorder.baseUrl, 'POST', '/service/users', {
      token: admin,
      json: { username, password: 'pass1234', passwordConfirm: 'pass1234', role, email: `${username}@example.com` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    usersByRole.set(role, created.body);
  }
});

afterAll(async () => {
  await recorder?.close();
});

describe('access rules', () => {
  it('every route declares a rule, and it is the rule spec 6 gives that call', () => {
    const table = recorder.app.routeTable;
    const missing = table.filter((route) => route.config.access === undefined).map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const wrong = table
      .map((route) => ({ key: expectationKey(route), declared: route.config.access }))
      .filter(({ key, declared }) => EXPECTED_ACCESS[key] !== declared)
      .map(({ key, declared }) => `${key}: declared ${declared}, spec 6 says ${EXPECTED_ACCESS[key] ?? '(not listed)'}`);
    expect(wrong).toEqual([]);
    // Nothing listed here that the recorder no longer serves (the list would lie).
    const served = new Set(table.map(expectationKey));
    expect(Object.keys(EXPECTED_ACCESS).filter((key) => !served.has(key))).toEqual([]);
  });

  it('answers every route for every identity as its rule says', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of recorder.app.routeTable) {
      const access = route.config.access!;
      for (const identity of IDENTITIES) {
        const status = await httpStatus(route, tokenFor(identity));
        calls++;
        const expected = outcome(access, identity);
        const ok = expected === 'open' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!ok) failures.push(`${route.method} ${route.url} as ${identity}: ${status}, expected ${expected}`);
      }
    }
    console.log(`authorization matrix: ${calls} calls over ${recorder.app.routeTable.length} routes`);
    expect(failures).toEqual([]);
  });

  it('opens sockets only for a role with the ability, by bearer or by a ticket for that socket', async () => {
    const sockets = recorder.app.routeTable.filter((route) => route.websocket && route.method === 'GET');
    expect(sockets.map((route) => route.url).sort()).toEqual(['/service/low-bandwidth/streams/:id/ws', '/service/streams/webrtc']);
    for (const identity of IDENTITIES) {
      const token = tokenFor(identity);
      const status = await upgradeStatus('/service/streams/webrtc', token ? { authorization: `Bearer ${token}` } : {});
      const expected = outcome('live', identity);
      expect(status, `webrtc as ${identity}`).toBe(expected === 'open' ? 101 : expected);
    }
    expect(await upgradeStatus('/service/streams/webrtc?ticket=garbage')).toBe(401);
    // A session token where a ticket belongs opens nothing.
    expect(await upgradeStatus(`/service/streams/webrtc?ticket=${tokenFor('Administrator')}`)).toBe(401);
    expect(await upgradeStatus(`/service/streams/webrtc?sid=${tokenFor('Administrator')}`)).toBe(401);
    const liveViewer = tokenFor('Live Viewer')!;
    const ticket = await ticketFor(recorder.baseUrl, liveViewer, 'webrtc');
    expect(await upgradeStatus(`/service/streams/webrtc?ticket=${ticket}`)).toBe(101);
    // Socket tickets are single-use.
    expect(await upgradeStatus(`/service/streams/webrtc?ticket=${ticket}`)).toBe(401);
    // A ticket opens only the scope and resource it was issued for.
    const lowBandwidth = await ticketFor(recorder.baseUrl, liveViewer, 'low-bandwidth', 'stream-a');
    expect(await upgradeStatus(`/service/streams/webrtc?ticket=${lowBandwidth}`)).toBe(401);
    expect(await upgradeStatus(`/service/low-bandwidth/streams/stream-b/ws?ticket=${lowBandwidth}`)).toBe(401);
  });

  it('refuses tickets a role could not use, and tickets of an ended session', async () => {
    const viewer = tokenFor('Live Viewer')!;
    const exportTicket = await call(recorder.baseUrl, 'POST', '/service/tickets', { token: viewer, json: { scope: 'export', resource: 's' } });
    expect(exportTicket.status).toBe(403);
    const admin = tokenFor('Administrator')!;
    const ticket = await ticketFor(recorder.baseUrl, admin, 'frame', 'probe');
    expect((await call(recorder.baseUrl, 'DELETE', '/service/sessions/me', { token: admin })).status).toBe(204);
    expect((await fetch(`${recorder.baseUrl}/service/streams/probe/frame?ticket=${ticket}`)).status).toBe(401);
  });
});

describe('path encodings reach the same rule as the plain path', () => {
  it.each([
    '/%73ervice/time',
    '/%73ervice/users',
    '//service/time',
    '/SERVICE/time',
    '/service/./time',
    '/service/x/../time',
    '/service%2ftime',
    '/service/time%00',
    '/service/%2e%2e/service/users',
    '/service/users/',
    '/service/users?x=/ping',
  ])('%s gives no data without a token', async (path) => {
    const response = await fetch(`${recorder.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    // 403 is the static files' answer to a path it will not resolve ('//', NUL).
    expect([401, 403, 404], `${path}: ${response.status} ${text.slice(0, 120)}`).toContain(response.status);
    expect(text).not.toContain('"time"');
    expect(text).not.toContain('"users"');
  });
});
