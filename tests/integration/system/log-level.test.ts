/**
 * The recorder's log level from Advanced settings, GET and PUT
 * /service/server/log-level (spec 2, 6, 9), on a real recorder process whose
 * console output the test reads: at WARN a request leaves no line on the
 * console; after PUT INFO the next request does, without a restart; the
 * level is kept across a restart, whatever --log-level says; a Manager is
 * refused; an unknown level is a 400.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LogLevelSetting, User } from '../../../server/shared/api';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

const PASSWORD = 'Adm1n-pw-log-level-77';
let recorder: RecorderProcess | undefined;
let dataDir: string;
let admin: string;

async function requestMarked(marker: string): Promise<void> {
  await call(recorder!.baseUrl, 'GET', `/service/version?probe=${marker}`, { token: admin });
}

async function waitForOutput(text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!recorder!.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`'${text}' never reached the console:\n${recorder!.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  recorder = await startRecorder({ adminPassword: PASSWORD, extraArgs: ['--log-level', 'warn'] });
  dataDir = recorder.dataDir;
  admin = await signIn(recorder.baseUrl, 'admin', PASSWORD);
}, 120_000);

afterAll(async () => {
  await recorder?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('starts at the flag level and applies a new level to the console at once', async () => {
  const before = await call<LogLevelSetting>(recorder!.baseUrl, 'GET', '/service/server/log-level', { token: admin });
  expect(before.body).toEqual({ level: 'WARN' });

  await requestMarked('quiet-at-warn');
  const set = await call<LogLevelSetting>(recorder!.baseUrl, 'PUT', '/service/server/log-level', { token: admin, json: { level: 'INFO' } });
  expect(set.status).toBe(200);
  expect(set.body).toEqual({ level: 'INFO' });
  await requestMarked('heard-at-info');
  await waitForOutput('heard-at-info');
  expect(recorder!.output()).not.toContain('quiet-at-warn');
});

it('refuses an unknown level and a Manager', async () => {
  const unknown = await call(recorder!.baseUrl, 'PUT', '/service/server/log-level', { token: admin, json: { level: 'LOUD' } });
  expect(unknown.status).toBe(400);
  const created = await call<User>(recorder!.baseUrl, 'POST', '/service/users', {
    token: admin,
    json: { username: 'levelmanager', password: 'pass1234', passwordConfirm: 'pass1234', role: 'Manager', email: 'levelmanager@example.com' },
  });
  expect(created.status).toBe(201);
  const manager = await signIn(recorder!.baseUrl, 'levelmanager', 'pass1234');
  expect((await call(recorder!.baseUrl, 'PUT', '/service/server/log-level', { token: manager, json: { level: 'TRACE' } })).status).toBe(403);
  expect((await call(recorder!.baseUrl, 'GET', '/service/server/log-level', { token: manager })).status).toBe(403);
  const still = await call<LogLevelSetting>(recorder!.baseUrl, 'GET', '/service/server/log-level', { token: admin });
  expect(still.body).toEqual({ level: 'INFO' });
});

it('keeps the chosen level across a restart, over --log-level', async () => {
  await call(recorder!.baseUrl, 'PUT', '/service/server/log-level', { token: admin, json: { level: 'NONE' } });
  await recorder!.stop();
  recorder = await startRecorder({ adminPassword: PASSWORD, dataDir, extraArgs: ['--log-level', 'info'] });
  admin = await signIn(recorder.baseUrl, 'admin', PASSWORD);
  const after = await call<LogLevelSetting>(recorder.baseUrl, 'GET', '/service/server/log-level', { token: admin });
  expect(after.body).toEqual({ level: 'NONE' });
  await requestMarked('silent-at-none');
  await call(recorder.baseUrl, 'PUT', '/service/server/log-level', { token: admin, json: { level: 'INFO' } });
  await requestMarked('heard-again');
  await waitForOutput('heard-again');
  expect(recorder.output()).not.toContain('silent-at-none');
}, 120_000);
