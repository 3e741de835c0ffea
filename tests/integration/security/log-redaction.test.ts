/**
 * Tokens, tickets and passwords stay out of the recorder's log at its most
 * talkative level: a real recorder at --log-level trace is signed in to (and
 * refused), called with a bearer token, opened with tickets in URLs (a
 * picture and a socket) and sent the old `sid=`/`jwt=` forms; its whole
 * output, and its log file (what the System report exports), must hold none
 * of those secrets, while still logging the requests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, signIn, startRecorder, ticketFor, type RecorderProcess } from '../helpers/recorder-process';

const WRONG_PASSWORD = 'Wrong-pw-7c1e-not-the-admins';
let recorder: RecorderProcess;

beforeAll(async () => {
  // A password no other log text can contain by chance (the default 'secret' is part of the secrets folder's name).
  recorder = await startRecorder({ adminPassword: 'Adm1n-pw-9f3a-distinct', extraArgs: ['--log-level', 'trace'] });
}, 120_000);

afterAll(async () => {
  await recorder?.stop();
});

it('logs every request without the credentials it carried', async () => {
  const token = await signIn(recorder.baseUrl, 'admin', recorder.adminPassword);
  const refused = await call(recorder.baseUrl, 'POST', '/service/sessions/user', { json: { username: 'admin', password: WRONG_PASSWORD } });
  expect(refused.status).toBe(401);
  expect((await call(recorder.baseUrl, 'GET', '/service/users', { token })).status).toBe(200);

  const frameTicket = await ticketFor(recorder.baseUrl, token, 'frame', 'no-such-stream');
  await (await fetch(`${recorder.baseUrl}/service/streams/no-such-stream/frame?ticket=${frameTicket}`)).arrayBuffer();
  const socketTicket = await ticketFor(recorder.baseUrl, token, 'webrtc');
  await new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(`${recorder.baseUrl.replace('http', 'ws')}/service/streams/webrtc?ticket=${socketTicket}`);
    socket.once('open', () => {
      socket.close();
      resolve();
    });
    socket.once('error', reject);
  });
  await (await fetch(`${recorder.baseUrl}/service/time?sid=${token}&jwt=${token}&Token=${token}`)).arrayBuffer();
  // Let the last lines reach the pipe.
  await new Promise((resolve) => setTimeout(resolve, 500));

  // The log file the System report exports gets the same redacted lines.
  const logDir = path.join(recorder.dataDir, 'logs');
  const file = fs.readdirSync(logDir).map((name) => fs.readFileSync(path.join(logDir, name), 'utf8')).join('');
  expect(file).toContain('/service/streams/no-such-stream/frame?ticket=[redacted]');
  const log = `${recorder.output()}${file}`;
  expect(log).toContain('/service/streams/no-such-stream/frame?ticket=[redacted]');
  expect(log).toContain('/service/time?sid=[redacted]');
  for (const [what, secret] of [
    ['session token', token],
    ['picture ticket', frameTicket],
    ['socket ticket', socketTicket],
    ['admin password', recorder.adminPassword],
    ['wrong password', WRONG_PASSWORD],
  ] as const) {
    expect(log.includes(secret), `${what} in the log`).toBe(false);
  }
}, 60_000);
