/**
 * The recorder's log file and its export, GET /service/log (spec 2, 5, 6, 7),
 * on a real recorder: a refused sign-in is written to <data-dir>/logs and an
 * export by a range around it holds its line while a range before it does
 * not; gzip holds the same text; from > to is refused with the spec's
 * wording; a Viewer is refused; the export opens with a 'log' ticket (as the
 * card's new window does); and the password tried is never in the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../../server/shared/api';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn, ticketFor } from '../helpers/recorder-process';

const ADMIN_PASSWORD = 'Adm1n-pw-5d2b-log-export';
const TRIED_PASSWORD = 'Tried-pw-81c4-never-logged';
const PROBE_ACCOUNT = 'log-probe-4e7a';

let recorder: InProcessRecorder;
let admin: string;
let before: number;
let after: number;

async function exportLog(query: string, token = admin): Promise<Response> {
  return fetch(`${recorder.baseUrl}/service/log?${query}`, { headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  recorder = await startInProcessRecorder(ADMIN_PASSWORD);
  admin = await signIn(recorder.baseUrl, 'admin', ADMIN_PASSWORD);
  before = Date.now();
  const refused = await call(recorder.baseUrl, 'POST', '/service/sessions/user', { json: { username: PROBE_ACCOUNT, password: TRIED_PASSWORD } });
  expect(refused.status).toBe(401);
  after = Date.now();
}, 60_000);

afterAll(async () => {
  await recorder?.close();
});

it('keeps the log in a private file in the data folder', () => {
  const file = path.join(recorder.dataDir, 'logs', 'recorder.log');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  expect(fs.readFileSync(file, 'utf8')).toContain(PROBE_ACCOUNT);
});

it('exports the lines within the range as text, and none outside it', async () => {
  const inside = await exportLog(`format=text&from=${before}&to=${after}`);
  expect(inside.status).toBe(200);
  expect(inside.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(inside.headers.get('content-disposition')).toMatch(/^attachment; filename="recorder-log-\d{8}-\d{4}\.log"$/);
  const text = await inside.text();
  const probeLine = text.split('\n').find((line) => line.includes(PROBE_ACCOUNT));
  expect(probeLine).toContain('sign-in refused');
  for (const line of text.trim().split('\n')) {
    const time = (JSON.parse(line) as { time: number }).time;
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  }

  const earlier = await exportLog(`format=text&from=0&to=${before - 1}`);
  expect(earlier.status).toBe(200);
  const earlierText = await earlier.text();
  expect(earlierText).not.toContain(PROBE_ACCOUNT);
  // The range before still holds the recorder's start-up lines: it is a real, filtered export.
  expect(earlierText.length).toBeGreaterThan(0);
});

it('exports gzip by default, holding the same text', async () => {
  const text = await (await exportLog(`format=text&from=${before}&to=${after}`)).text();
  const gzip = await exportLog(`from=${before}&to=${after}`);
  expect(gzip.status).toBe(200);
  expect(gzip.headers.get('content-type')).toBe('application/gzip');
  expect(gzip.headers.get('content-disposition')).toMatch(/filename="recorder-log-\d{8}-\d{4}\.log\.gz"$/);
  expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toBe(text);
});

it("refuses from later than to with 'from cannot be > to'", async () => {
  const refused = await exportLog(`format=text&from=${after}&to=${before}`);
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain('from cannot be > to');
  expect((await exportLog('format=zip')).status).toBe(400);
});

it('is refused to a Viewer, whether asked directly or for a ticket', async () => {
  const created = await call<User>(recorder.baseUrl, 'POST', '/service/users', {
    token: admin,
    json: { username: 'logviewer', password: 'pass1234', passwordConfirm: 'pass1234', role: 'Viewer', email: 'logviewer@example.com' },
  });
  expect(created.status).toBe(201);
  const viewer = await signIn(recorder.baseUrl, 'logviewer', 'pass1234');
  expect((await exportLog('format=text', viewer)).status).toBe(403);
  const ticket = await call(recorder.baseUrl, 'POST', '/service/tickets', { token: viewer, json: { scope: 'log' } });
  expect(ticket.status).toBe(403);
  expect((await fetch(`${recorder.baseUrl}/service/log?format=text`)).status).toBe(401);
});

it('opens with a log ticket in a window that has no Authorization header', async () => {
  const ticket = await ticketFor(recorder.baseUrl, admin, 'log');
  const opened = await fetch(`${recorder.baseUrl}/service/log?format=text&from=${before}&to=${after}&ticket=${ticket}`);
  expect(opened.status).toBe(200);
  expect(await opened.text()).toContain(PROBE_ACCOUNT);
  // An export ticket for a stream opens no log.
  const other = await ticketFor(recorder.baseUrl, admin, 'export', 'some-stream');
  expect((await fetch(`${recorder.baseUrl}/service/log?format=text&ticket=${other}`)).status).toBe(401);
});

it('never writes a password tried at sign-in, nor the session token, to the exported log', async () => {
  const all = await (await exportLog('format=text')).text();
  expect(all).toContain(PROBE_ACCOUNT);
  expect(all.includes(TRIED_PASSWORD)).toBe(false);
  expect(all.includes(ADMIN_PASSWORD)).toBe(false);
  expect(all.includes(admin)).toBe(false);
});
