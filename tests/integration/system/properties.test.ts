/**
 * The server property editor's API on a real recorder started with
 * `npm start` (supervisor and recorder; spec 2, 5, 7, 9): a saved change
 * restarts the recorder with it, and stays once confirmed; a change that
 * leaves the recorder unreachable (another HTTP port) or unable to start (a
 * port in use) is rolled back to the previous properties, after the
 * confirmation window (shortened here with --properties-confirm-seconds) or
 * at once; Managers are refused; the spec 5 rules answer 400 with their
 * wording.
 */
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PropertiesConfirmation, ServerPropertiesList, User } from '../../../server/shared/api';
import { PROPERTY_MESSAGES } from '../../../server/shared/properties';
import { freePort } from '../helpers/free-port';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

const PASSWORD = 'Adm1n-pw-properties-31';
const WINDOW_SECONDS = 8;
let recorder: RecorderProcess;
let admin: string;

function readyCount(): number {
  return recorder.output().split('Argus VMS recorder is ready').length - 1;
}

/** Waits until the recorder has said it is ready `count` times in all and answers ping on its first port. */
async function waitForStart(count: number, limitMs = 90_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (!recorder.running()) throw new Error(`the recorder stopped:\n${recorder.output().slice(-3000)}`);
    if (readyCount() >= count) {
      const ping = await fetch(`${recorder.baseUrl}/service/ping`).catch(() => undefined);
      if (ping?.ok) return;
    }
    if (Date.now() > deadline) throw new Error(`no start #${count} answering on ${recorder.baseUrl}:\n${recorder.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function property(name: string) {
  const list = await call<ServerPropertiesList>(recorder.baseUrl, 'GET', '/service/server/properties', { token: admin });
  expect(list.status).toBe(200);
  return list.body.properties.find((p) => p.name === name);
}

async function confirmation(): Promise<PropertiesConfirmation> {
  return (await call<PropertiesConfirmation>(recorder.baseUrl, 'GET', '/service/server/properties/confirmed', { token: admin })).body;
}

beforeAll(async () => {
  recorder = await startRecorder({ adminPassword: PASSWORD, extraArgs: ['--properties-confirm-seconds', String(WINDOW_SECONDS)] });
  admin = await signIn(recorder.baseUrl, 'admin', PASSWORD);
}, 120_000);

afterAll(async () => {
  await recorder?.stop();
  if (recorder) fs.rmSync(recorder.dataDir, { recursive: true, force: true });
});

it('restarts with a saved change, which stays once confirmed', async () => {
  expect(await property('max-export-hours')).toMatchObject({ value: '24', active: false, custom: false, locked: false });
  expect(await property('data-dir')).toMatchObject({ value: recorder.dataDir, locked: true, infoOnly: true });
  expect(await confirmation()).toEqual({ confirmed: true, deadlineMs: null });

  const saved = await call(recorder.baseUrl, 'PUT', '/service/server/properties', {
    token: admin,
    json: { properties: [{ name: 'max-export-hours', value: ' 6 ' }, { name: 'site.note', value: 'lobby' }, { name: 'host', value: '0.0.0.0' }] },
  });
  expect(saved.status).toBe(202);
  await waitForStart(2);
  expect(recorder.output()).toContain('restarting the recorder');
  expect(await property('max-export-hours')).toMatchObject({ value: '6', active: true });
  expect(await property('site.note')).toMatchObject({ value: 'lobby', active: true, custom: true });
  const pending = await confirmation();
  expect(pending.confirmed).toBe(false);
  expect(pending.deadlineMs).toEqual(expect.any(Number));

  const confirmed = await call<PropertiesConfirmation>(recorder.baseUrl, 'POST', '/service/server/properties/confirmed', { token: admin });
  expect(confirmed.body).toEqual({ confirmed: true, deadlineMs: null });
  // Past the window the confirmed change stays and no further start happens.
  await new Promise((resolve) => setTimeout(resolve, (WINDOW_SECONDS + 2) * 1000));
  expect(readyCount()).toBe(2);
  expect(await property('max-export-hours')).toMatchObject({ value: '6', active: true });
});

it('rolls back an unconfirmed change that leaves the recorder unreachable, after the window', async () => {
  const elsewhere = await freePort();
  const saved = await call(recorder.baseUrl, 'PUT', '/service/server/properties', {
    token: admin,
    json: { properties: [{ name: 'max-export-hours', value: '7' }, { name: 'http-port', value: String(elsewhere) }] },
  });
  expect(saved.status).toBe(202);
  // Started on the other port, nobody can confirm through the first one; the window runs out, the previous file comes back.
  await waitForStart(4);
  expect(recorder.output()).toContain('not confirmed in time');
  expect(await property('max-export-hours')).toMatchObject({ value: '6', active: true });
  expect(await property('http-port')).toMatchObject({ value: String(recorder.httpPort), active: false });
  expect(await confirmation()).toEqual({ confirmed: true, deadlineMs: null });
});

it('rolls back at once a change the recorder cannot start with', async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const taken = (holder.address() as net.AddressInfo).port;
  try {
    const before = readyCount();
    const saved = await call(recorder.baseUrl, 'PUT', '/service/server/properties', {
      token: admin,
      json: { properties: [{ name: 'max-export-hours', value: '8' }, { name: 'http-port', value: String(taken) }] },
    });
    expect(saved.status).toBe(202);
    await waitForStart(before + 1);
    expect(recorder.output()).toContain('did not start with the new properties');
    expect(await property('max-export-hours')).toMatchObject({ value: '6' });
    expect(await confirmation()).toEqual({ confirmed: true, deadlineMs: null });
  } finally {
    holder.close();
  }
});

it('refuses a Manager and names the broken rule', async () => {
  const put = (properties: Array<{ name: string; value: string }>) => call<{ reason: string }>(recorder.baseUrl, 'PUT', '/service/server/properties', { token: admin, json: { properties } });
  expect((await put([{ name: 'a b', value: '1' }])).body.reason).toContain(PROPERTY_MESSAGES.badName);
  expect((await put([{ name: 'x', value: '1' }, { name: 'x', value: '2' }])).body.reason).toContain(PROPERTY_MESSAGES.duplicateName);
  expect((await put([{ name: 'x', value: '' }])).body.reason).toContain(PROPERTY_MESSAGES.noValue);
  expect((await put([{ name: 'x', value: 'a b' }])).body.reason).toContain(PROPERTY_MESSAGES.badValue);
  expect((await put([{ name: 'host', value: '10.0.0.1' }])).body.reason).toContain(PROPERTY_MESSAGES.locked);
  const range = await put([{ name: 'cleaner-threshold', value: '150' }]);
  expect(range.status).toBe(400);
  expect(range.body.reason).toContain('--cleaner-threshold');
  expect((await put([{ name: 'a:b', value: '1' }])).status).toBe(400);

  const created = await call<User>(recorder.baseUrl, 'POST', '/service/users', {
    token: admin,
    json: { username: 'propmanager', password: 'pass1234', passwordConfirm: 'pass1234', role: 'Manager', email: 'propmanager@example.com' },
  });
  expect(created.status).toBe(201);
  const manager = await signIn(recorder.baseUrl, 'propmanager', 'pass1234');
  expect((await call(recorder.baseUrl, 'GET', '/service/server/properties', { token: manager })).status).toBe(403);
  expect((await call(recorder.baseUrl, 'PUT', '/service/server/properties', { token: manager, json: { properties: [] } })).status).toBe(403);
  expect((await call(recorder.baseUrl, 'POST', '/service/server/properties/confirmed', { token: manager })).status).toBe(403);
  expect(readyCount()).toBeGreaterThan(0);
  expect(await property('max-export-hours')).toMatchObject({ value: '6' });
});
