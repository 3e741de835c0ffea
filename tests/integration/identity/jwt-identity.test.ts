/**
 * GET /service/identity?jwt= through a real recorder: a JWT of the trusted
 * issuer for this recorder becomes a synthetic Administrator session
 * (spec 6, single player) whose token, the JWT, is a bearer for the
 * player's calls (cameras, tickets, sessions/me) and for an administrator's;
 * every other token is refused with 401 and the code of the failed check;
 * signing out or detaching the issuer ends the session at once.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt, type JwtClaims } from '../../../server/protocols/jwt';
import type { Session } from '../../../server/shared/api';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn, ticketFor } from '../helpers/recorder-process';

const keys = generateKeyPairSync('ed25519');
const strangerKeys = generateKeyPairSync('ed25519');
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

let recorder: InProcessRecorder;
let admin: string;

function jwt(extra: Partial<JwtClaims> = {}, key = keys.privateKey): string {
  const nowS = Math.floor(Date.now() / 1000);
  return signJwt({ iss: 'portal', aud: recorder.services.serverId, sub: 'lobby-kiosk', iat: nowS, exp: nowS + 120, ...extra }, key);
}

const identity = (token: string) => call<Session & { code?: string }>(recorder.baseUrl, 'GET', `/service/identity?jwt=${encodeURIComponent(token)}`);
const attach = () => call(recorder.baseUrl, 'PUT', '/service/trusted/issuer', { token: admin, json: { name: 'portal', publicKey: publicPem } });

beforeAll(async () => {
  recorder = await startInProcessRecorder();
  admin = await signIn(recorder.baseUrl, 'admin', 'secret');
});

afterAll(async () => {
  await recorder?.close();
});

describe('GET /service/identity', () => {
  it('refuses every token while the recorder trusts no issuer', async () => {
    const reply = await identity(jwt());
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('no-trusted-issuer');
  });

  it('wants the jwt query', async () => {
    expect((await call(recorder.baseUrl, 'GET', '/service/identity')).status).toBe(400);
  });

  it('answers a synthetic Administrator session whose JWT is a bearer for the player and the administrator calls', async () => {
    expect((await attach()).status).toBe(200);
    const token = jwt();
    const reply = await identity(token);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.headers.get('cache-control')).toContain('no-store');
    const session = reply.body;
    expect(session).toMatchObject({ token, tokenType: 'jwt', role: 'Administrator', name: 'lobby-kiosk', owner: { id: 'jwt:lobby-kiosk' } });
    expect(typeof session.id).toBe('string');
    expect(session.expiresAt).toBeGreaterThan(Date.now());

    const me = await call<Session>(recorder.baseUrl, 'GET', '/service/sessions/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: session.id, tokenType: 'jwt', role: 'Administrator' });
    expect((await call(recorder.baseUrl, 'GET', '/service/cameras', { token })).status).toBe(200);
    expect((await call(recorder.baseUrl, 'GET', '/service/users', { token })).status).toBe(200);
    // Tickets name the session by id: a JWT session's ticket opens what it was issued for.
    const ticket = await ticketFor(recorder.baseUrl, token, 'frame', 'no-such-stream');
    const frame = await fetch(`${recorder.baseUrl}/service/streams/no-such-stream/frame?ticket=${ticket}`);
    expect(frame.status).toBe(404);
  });

  const refusals: Array<[string, () => string, string]> = [
    ['a bad signature', () => jwt({}, strangerKeys.privateKey), 'jwt-signature'],
    ['an expired token', () => jwt({ exp: Math.floor(Date.now() / 1000) - 3600 }), 'jwt-expired'],
    ['another audience', () => jwt({ aud: 'another-recorder' }), 'jwt-audience'],
    ['another issuer', () => jwt({ iss: 'elsewhere' }), 'jwt-issuer'],
    [
      "an unsigned token (alg 'none')",
      () => {
        const [, payload] = jwt().split('.');
        return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.AAAA`;
      },
      'jwt-algorithm',
    ],
    ['garbage', () => 'not-a-token', 'jwt-malformed'],
  ];
  it.each(refusals)('refuses %s with 401 and its code, and as a bearer', async (_name, make, code) => {
    expect((await attach()).status).toBe(200);
    const token = make();
    const reply = await identity(token);
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe(code);
    expect((await call(recorder.baseUrl, 'GET', '/service/cameras', { token })).status).toBe(401);
  });

  it('ends the session when it signs out', async () => {
    const token = jwt({ sub: 'leaving' });
    expect((await identity(token)).status).toBe(200);
    expect((await call(recorder.baseUrl, 'DELETE', '/service/sessions/me', { token })).status).toBe(204);
    expect((await call(recorder.baseUrl, 'GET', '/service/cameras', { token })).status).toBe(401);
    expect((await identity(token)).body.code).toBe('jwt-revoked');
  });

  it('ends every JWT session when the issuer is detached', async () => {
    expect((await attach()).status).toBe(200);
    const token = jwt({ sub: 'detached' });
    expect((await identity(token)).status).toBe(200);
    const ticket = await ticketFor(recorder.baseUrl, token, 'frame', 'no-such-stream');
    expect((await call(recorder.baseUrl, 'DELETE', '/service/trusted/issuer', { token: admin })).status).toBe(204);
    expect((await call(recorder.baseUrl, 'GET', '/service/cameras', { token })).status).toBe(401);
    expect((await fetch(`${recorder.baseUrl}/service/streams/no-such-stream/frame?ticket=${ticket}`)).status).toBe(401);
    expect((await identity(token)).body.code).toBe('no-trusted-issuer');
  });
});
