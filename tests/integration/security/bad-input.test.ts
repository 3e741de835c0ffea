/**
 * Bad input for every route, generated from the recorder's own route table
 * (a route added later is covered the day it lands): as an Administrator,
 * so that access is not what refuses, each route gets hostile path
 * parameters, hostile values for every query and body field its schema
 * names (wrong types, 100 KB strings, unicode edge cases, NUL, traversal,
 * numbers at the edges), bodies of the wrong shape, invalid JSON, a body
 * over the limit and wrong content types. Every answer must be a clear
 * client error or a success for input that is in fact valid, never a server
 * error or a dropped connection; refusals carry the recorder's error shape;
 * the process stays up, no user or camera appears or goes, and no file
 * lands where a traversal string pointed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CamerasResponse, UsersResponse } from '../../../server/shared/api';
import type { RouteEntry } from '../../../server/recorder/core/http/route-table';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn } from '../helpers/recorder-process';

/** Routes left out, each with its reason. */
const SKIPPED: Record<string, string> = {
  // A WS-Discovery probe waits seconds for cameras to answer; its only input is covered by the query rules elsewhere.
  'GET /service/discoverable/cameras': 'multicast probe with a fixed wait',
  // Ends the session the suite is using; it takes no input.
  'DELETE /service/sessions/me': 'ends the calling session',
  // The CORS preflight catch-all: it reads no input but the Origin header (tests/integration/identity/cross-origin.test.ts).
  'OPTIONS *': 'the CORS preflight',
};

const MARKER = `argus-bad-input-${randomBytes(4).toString('hex')}`;
const TRAVERSALS = [`../../../../../../tmp/${MARKER}`, `..%2f..%2f..%2ftmp%2f${MARKER}`, `/tmp/${MARKER}`, `....//....//tmp/${MARKER}`];
const HOSTILE_STRINGS = [
  '',
  'x'.repeat(100_000),
  '\u202Eevil\u202C',
  '😀'.repeat(50),
  'e\u0301\u0301\u0301',
  '\uD800',
  'a\u0000b',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '$(touch /tmp/' + MARKER + ')',
  ...TRAVERSALS,
];
const HOSTILE_VALUES: unknown[] = [...HOSTILE_STRINGS, -1, 0, 1e308, -0, 2 ** 53 + 1, 'NaN', true, null, [], {}, [1, 'a'], { nested: { deep: [null] } }];
const HOSTILE_PARAMS = ['x', '0', '-1', '%00', '..', '%2e%2e%2f%2e%2e', encodeURIComponent('x'.repeat(2_000)), encodeURIComponent('\u202E😀'), encodeURIComponent(TRAVERSALS[0]!)];

let recorder: InProcessRecorder;
let adminUsername = 'admin';
let requests = 0;
const failures: string[] = [];

function propertiesOf(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/** Percent-encodes a value; a lone surrogate (no UTF-8 form) is sent as the invalid bytes a hostile client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function withParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}

async function send(route: RouteEntry, url: string, token: string, init: { body?: string; contentType?: string } = {}): Promise<void> {
  requests++;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.contentType) headers['content-type'] = init.contentType;
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${recorder.baseUrl}${url}`, { method: route.method, headers, body: init.body, signal: AbortSignal.timeout(20_000) });
    status = response.status;
    text = await response.text();
  } catch (error) {
    failures.push(`${route.method} ${url.slice(0, 120)}: no answer (${String(error)})`);
    return;
  }
  const what = `${route.method} ${url.slice(0, 120)} ${init.contentType ?? ''} ${(init.body ?? '').slice(0, 80)}`;
  if (status >= 500) failures.push(`${what}: ${status} ${text.slice(0, 200)}`);
  else if (status >= 400 && status !== 404 && route.url !== '/*') {
    // Refusals speak the recorder's error shape (the static files' 404 is the not-found handler's, also JSON).
    try {
      const body = JSON.parse(text) as { code?: unknown; reason?: unknown };
      if (typeof body.code !== 'string' || typeof body.reason !== 'string') failures.push(`${what}: ${status} without code and reason: ${text.slice(0, 120)}`);
    } catch {
      failures.push(`${what}: ${status} not JSON: ${text.slice(0, 120)}`);
    }
  }
}

async function counts(token: string): Promise<{ users: number; cameras: number }> {
  const users = await call<UsersResponse>(recorder.baseUrl, 'GET', '/service/users', { token });
  const cameras = await call<CamerasResponse>(recorder.baseUrl, 'GET', '/service/cameras', { token });
  return { users: users.body.data.users.length, cameras: cameras.body.data.cameras.length };
}

beforeAll(async () => {
  recorder = await startInProcessRecorder();
  adminUsername = 'admin';
});

afterAll(async () => {
  await recorder?.close();
});

it('answers every route’s bad input with a clear client error, and stays up with nothing changed', async () => {
  const startToken = await signIn(recorder.baseUrl, adminUsername, 'secret');
  const before = await counts(startToken);
  const admin = recorder.services.users.findByUsername(adminUsername)!;
  const routes = recorder.app.routeTable.filter((route) => !route.websocket && route.method !== 'HEAD' && !SKIPPED[`${route.method} ${route.url}`]);
  const started = Date.now();
  for (const route of routes) {
    // A fresh session per route, so a route that ends or changes sessions cannot disturb the others.
    const token = recorder.services.sessions.create(admin, { persistent: false }).token;
    const plain = withParams(route.url, 'probe');
    for (const value of HOSTILE_PARAMS) await send(route, withParams(route.url, value), token);
    for (const name of propertiesOf(route.schema?.querystring)) {
      for (const value of HOSTILE_STRINGS.slice(0, 12)) await send(route, `${plain}?${encode(name)}=${encode(value)}`, token);
    }
    if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
    for (const name of propertiesOf(route.schema?.body)) {
      for (const value of HOSTILE_VALUES) await send(route, plain, token, { body: JSON.stringify({ [name]: value }), contentType: 'application/json' });
    }
    for (const body of ['[]', 'null', '"text"', '1', '{', '{"a":', '\u0000', JSON.stringify({ __proto__: { admin: true } })]) {
      await send(route, plain, token, { body, contentType: 'application/json' });
    }
    await send(route, plain, token, { body: JSON.stringify({ blob: 'x'.repeat(300_000) }), contentType: 'application/json' });
    await send(route, plain, token, { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' });
    await send(route, plain, token, { body: '<xml/>', contentType: 'text/xml' });
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`bad input: ${requests} requests over ${routes.length} routes in ${seconds.toFixed(1)} s; skipped: ${Object.keys(SKIPPED).join(', ')}`);
  expect(failures).toEqual([]);

  expect((await fetch(`${recorder.baseUrl}/service/ping`)).status).toBe(200);
  expect(await counts(startToken)).toEqual(before);
  const strays = [os.tmpdir(), '/tmp', path.dirname(recorder.dataDir)].flatMap((dir) => fs.readdirSync(dir).filter((name) => name.includes(MARKER)));
  expect(strays).toEqual([]);
}, 600_000);
