/**
 * The recorder's identity core through a real process: sign-in, sessions,
 * users rules (spec 5, 6), role enforcement and bad input.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, User } from '../../../server/shared/api';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

let recorder: RecorderProcess;
let adminToken: string;
const url = () => recorder.baseUrl;

beforeAll(async () => {
  recorder = await startRecorder();
  adminToken = await signIn(url(), 'admin', 'secret');
});

afterAll(async () => {
  await recorder?.stop();
});

async function createUser(username: string, role: string, password = 'pass1234'): Promise<User> {
  const reply = await call<User>(url(), 'POST', '/service/users', {
    token: adminToken,
    json: { username, password, passwordConfirm: password, role },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** A sign-in from another loopback source address, as a second machine would be. */
function signInFrom(localAddress: string, username: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ username, password, cookie: 'session', type: 'user' });
    const request = http.request(
      `${url()}/service/sessions/user`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('sessions', () => {
  it('signs in and describes the session without the password', async () => {
    const reply = await call<Session>(url(), 'POST', '/service/sessions/user', {
      json: { username: 'admin', password: 'secret', cookie: 'persistent', expiresIn: 2592000, type: 'user' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'admin', role: 'Administrator', tokenType: 'sid' });
    expect(reply.body.token.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(reply.body)).not.toContain('secret');
    const me = await call<Session>(url(), 'GET', '/service/sessions/me', { token: reply.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: reply.body.id, owner: { id: reply.body.owner.id }, name: 'admin', role: 'Administrator' });
  });

  it('refuses a wrong password and a missing field with clear reasons', async () => {
    const wrong = await call<{ code: string; reason: string }>(url(), 'POST', '/service/sessions/user', {
      json: { username: 'admin', password: 'nope', cookie: 'session', type: 'user' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('authentication-failed');
    const missing = await call<{ reason: string }>(url(), 'POST', '/service/sessions/user', {
      json: { username: '', password: '', type: 'user' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.reason).toBe('Username and Password are both required');
  });

  it('needs a bearer token on service routes but not on ping', async () => {
    expect((await call(url(), 'GET', '/service/ping')).status).toBe(200);
    expect((await call(url(), 'GET', '/ping')).status).toBe(200);
    expect((await call(url(), 'GET', '/service/users')).status).toBe(401);
    expect((await call(url(), 'GET', '/service/time', { token: 'forged-token' })).status).toBe(401);
  });

  it('stops a token at once when its session is deleted', async () => {
    const token = await signIn(url(), 'admin', 'secret');
    expect((await call(url(), 'GET', '/service/time', { token })).status).toBe(200);
    expect((await call(url(), 'DELETE', '/service/sessions/me', { token })).status).toBe(204);
    expect((await call(url(), 'GET', '/service/time', { token })).status).toBe(401);
    expect((await call(url(), 'GET', '/service/time', { token: adminToken })).status).toBe(200);
  });

  it('expires a token after expiresIn seconds', async () => {
    const reply = await call<Session>(url(), 'POST', '/service/sessions/user', {
      json: { username: 'admin', password: 'secret', cookie: 'session', expiresIn: 1, type: 'user' },
    });
    expect((await call(url(), 'GET', '/service/time', { token: reply.body.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await call(url(), 'GET', '/service/time', { token: reply.body.token })).status).toBe(401);
  });

  it('slows repeated failures per account and address without locking the real user out', async () => {
    await createUser('throttled', 'Viewer', 'right-pass');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signInFrom('127.0.0.1', 'throttled', 'wrong'));
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);
    // Even the right password is not checked from the throttled address...
    expect(await signInFrom('127.0.0.1', 'throttled', 'right-pass')).toBe(429);
    // ...but the real user at another address signs in.
    expect(await signInFrom('127.0.0.2', 'throttled', 'right-pass')).toBe(200);
  });

  it('answers time, extended time and version', async () => {
    const before = Date.now();
    const time = await call<{ time: number }>(url(), 'GET', '/service/time', { token: adminToken });
    expect(Math.abs(time.body.time - before)).toBeLessThan(60_000);
    const extended = await call<{ time: number; tz: string; tzOffset: number }>(url(), 'GET', '/service/time-extended', {
      token: adminToken,
    });
    expect(typeof extended.body.tz).toBe('string');
    expect(typeof extended.body.tzOffset).toBe('number');
    const version = await call<{ version: string; changelog?: string }>(url(), 'GET', '/service/version?all=true');
    expect(version.body.version).toBe('2.12.0');
    expect(version.body.changelog).toContain('<');
  });
});

describe('users', () => {
  it('creates a user with the default role Manager and never returns a password', async () => {
    const reply = await call<User>(url(), 'POST', '/service/users', {
      token: adminToken,
      json: { username: 'maria_1', password: 'abcd', passwordConfirm: 'abcd' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.role).toBe('Manager');
    const list = await call<{ data: { users: User[] } }>(url(), 'GET', '/service/users', { token: adminToken });
    expect(list.body.data.users.map((u) => u.username)).toContain('maria_1');
    expect(JSON.stringify(list.body)).not.toMatch(/password|abcd|scrypt/i);
  });

  it('matches roles case-insensitively and refuses unknown ones', async () => {
    const user = await createUser('lowercase_role', 'live viewer');
    expect(user.role).toBe('Live Viewer');
    const bad = await call(url(), 'POST', '/service/users', {
      token: adminToken,
      json: { username: 'bad_role', password: 'abcd', role: 'Superhero' },
    });
    expect(bad.status).toBe(400);
  });

  it('validates username, password and confirmation per spec 5', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'has space', password: 'abcd' }, 'Invalid user name (alphanumeric characters only).'],
      [{ username: 'short_pw', password: 'abc' }, 'Password must be at least 4 characters.'],
      [{ username: 'mismatch', password: 'abcd', passwordConfirm: 'abce' }, 'Passwords do not match.'],
    ];
    for (const [json, reason] of cases) {
      const reply = await call<{ reason: string }>(url(), 'POST', '/service/users', { token: adminToken, json });
      expect(reply.status).toBe(400);
      expect(reply.body.reason).toBe(reason);
    }
    const duplicate = await call(url(), 'POST', '/service/users', {
      token: adminToken,
      json: { username: 'ADMIN', password: 'abcd' },
    });
    expect(duplicate.status).toBe(409);
  });

  it('leaves the password unchanged when blank on edit, and changes it when given', async () => {
    const user = await createUser('editable', 'Viewer', 'first-pass');
    const blank = await call<User>(url(), 'PATCH', `/service/users/${user.id}`, {
      token: adminToken,
      json: { password: null, role: 'Manager' },
    });
    expect(blank.status).toBe(200);
    expect(blank.body.role).toBe('Manager');
    await signIn(url(), 'editable', 'first-pass');
    const oldSession = await signIn(url(), 'editable', 'first-pass');
    await call(url(), 'PATCH', `/service/users/${user.id}`, { token: adminToken, json: { password: 'second-pass' } });
    // A changed password ends that user's sessions and only the new one works.
    expect((await call(url(), 'GET', '/service/time', { token: oldSession })).status).toBe(401);
    await signIn(url(), 'editable', 'second-pass');
  });

  it('locks the admin user: not deleted, username and role fixed', async () => {
    const users = (await call<{ data: { users: User[] } }>(url(), 'GET', '/service/users', { token: adminToken })).body.data
      .users;
    const admin = users.find((u) => u.username === 'admin')!;
    expect(admin.superUser).toBe(true);
    expect((await call(url(), 'DELETE', `/service/users/${admin.id}`, { token: adminToken })).status).toBe(403);
    const rename = await call(url(), 'PATCH', `/service/users/${admin.id}`, { token: adminToken, json: { username: 'root' } });
    expect(rename.status).toBe(403);
    const demote = await call(url(), 'PATCH', `/service/users/${admin.id}`, { token: adminToken, json: { role: 'Viewer' } });
    expect(demote.status).toBe(403);
    expect((await call(url(), 'GET', '/service/time', { token: adminToken })).status).toBe(200);
  });

  it('ends one\u2019s own sessions when editing one\u2019s own account', async () => {
    const user = await createUser('self_editor', 'Administrator');
    const token = await signIn(url(), 'self_editor', 'pass1234');
    const reply = await call(url(), 'PATCH', `/service/users/${user.id}`, { token, json: { email: 'me@example.com' } });
    expect(reply.status).toBe(200);
    expect((await call(url(), 'GET', '/service/sessions/me', { token })).status).toBe(401);
  });

  it('lets only Administrators manage users', async () => {
    for (const role of ['Live Viewer', 'Viewer', 'Manager']) {
      const name = `role_${role.replace(' ', '_').toLowerCase()}`;
      const user = await createUser(name, role);
      const token = await signIn(url(), name, 'pass1234');
      expect((await call(url(), 'GET', '/service/users', { token })).status).toBe(403);
      expect((await call(url(), 'POST', '/service/users', { token, json: { username: 'x_made', password: 'abcd' } })).status).toBe(403);
      expect((await call(url(), 'DELETE', `/service/users/${user.id}`, { token })).status).toBe(403);
      expect((await call(url(), 'GET', '/service/time', { token })).status).toBe(200);
    }
  });

  it('deletes a user and ends their sessions', async () => {
    const user = await createUser('leaving', 'Viewer');
    const token = await signIn(url(), 'leaving', 'pass1234');
    expect((await call(url(), 'DELETE', `/service/users/${user.id}`, { token: adminToken })).status).toBe(204);
    expect((await call(url(), 'GET', '/service/time', { token })).status).toBe(401);
    expect((await call(url(), 'DELETE', `/service/users/${user.id}`, { token: adminToken })).status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers garbage JSON, wrong types, unknown fields and huge bodies with 4xx, and keeps running', async () => {
    const garbage = await call<{ code: string }>(url(), 'POST', '/service/users', { token: adminToken, rawBody: '{"username": ' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe('invalid-json');
    const wrongType = await call(url(), 'POST', '/service/users', { token: adminToken, json: { username: 42, password: 'abcd' } });
    expect(wrongType.status).toBe(400);
    const unknown = await call<{ reason: string }>(url(), 'POST', '/service/users', {
      token: adminToken,
      json: { username: 'extra', password: 'abcd', isAdmin: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.reason).toContain('isAdmin');
    const huge = await call(url(), 'POST', '/service/users', {
      token: adminToken,
      json: { username: 'huge', password: 'x'.repeat(1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    const notJson = await call(url(), 'POST', '/service/users', {
      token: adminToken,
      rawBody: 'username=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    expect((await call(url(), 'GET', '/service/ping')).status).toBe(200);
  });

  it('refuses script-like and SQL-like usernames and stores such text elsewhere inert', async () => {
    for (const username of ['<script>alert(1)</script>', "x' OR '1'='1", 'robert"); DROP TABLE users;--']) {
      const reply = await call(url(), 'POST', '/service/users', { token: adminToken, json: { username, password: 'abcd' } });
      expect(reply.status).toBe(400);
    }
    const email = '<script>alert(1)</script>@example.com';
    const user = await createUser('inert_email', 'Viewer');
    const patched = await call<User>(url(), 'PATCH', `/service/users/${user.id}`, { token: adminToken, json: { email } });
    expect(patched.status).toBe(200);
    expect(patched.body.email).toBe(email);
    const list = await call<{ data: { users: User[] } }>(url(), 'GET', '/service/users', { token: adminToken });
    expect(list.body.data.users.length).toBeGreaterThan(3);
    expect(list.headers.get('content-type')).toContain('application/json');
  });
});
