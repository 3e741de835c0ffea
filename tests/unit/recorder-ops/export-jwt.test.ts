import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/recorder/domain/api-error';
import { ExportAuthenticator } from '../../../server/recorder/domain/export-auth';
import { JWT_SECRET_SETTING, JwtInvalidError, RecorderJwt } from '../../../server/recorder/domain/export-jwt';
import type { User } from '../../../server/shared/api';

function settings() {
  const map = new Map<string, string>();
  return { get: (k: string) => map.get(k), set: (k: string, v: string) => void map.set(k, v), map };
}

describe('recorder JWT (HS256, sub + exp)', () => {
  it('signs and verifies, keeping one secret in the settings', async () => {
    const s = settings();
    const jwt = new RecorderJwt(s);
    const token = await jwt.sign('user-1', 60);
    expect(await jwt.verify(token)).toBe('user-1');
    expect(s.map.get(JWT_SECRET_SETTING)).toBeTruthy();
    expect(await new RecorderJwt(s).verify(token)).toBe('user-1');
  });

  it('refuses expired, foreign, unsigned, exp-less and garbage tokens', async () => {
    let t = 1_700_000_000_000;
    const jwt = new RecorderJwt(settings(), () => t);
    const token = await jwt.sign('u', 60);
    t += 61_000;
    await expect(jwt.verify(token)).rejects.toBeInstanceOf(JwtInvalidError);
    const other = await new RecorderJwt(settings()).sign('u');
    await expect(new RecorderJwt(settings()).verify(other)).rejects.toBeInstanceOf(JwtInvalidError);
    await expect(jwt.verify(new UnsecuredJWT({ sub: 'u' }).setExpirationTime('1h').encode())).rejects.toBeInstanceOf(JwtInvalidError);
    const s = settings();
    const key = new RecorderJwt(s);
    const noExp = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('u').sign(key.secret());
    await expect(key.verify(noExp)).rejects.toBeInstanceOf(JwtInvalidError);
    await expect(jwt.verify('not.a.token')).rejects.toBeInstanceOf(JwtInvalidError);
  });
});

describe('export authorisation', () => {
  const users: Record<string, User> = {
    m: { id: 'm', username: 'm', role: 'Manager', superUser: false, admin: false },
    v: { id: 'v', username: 'v', role: 'Viewer', superUser: false, admin: false },
  };
  const jwt = new RecorderJwt(settings());
  const auth = new ExportAuthenticator(
    { authenticate: (token: string) => (users[token] ? { id: 's', user: users[token]!, expiresAt: 0 } : undefined) },
    {
      get: (id: string) => {
        const user = users[id];
        if (!user) throw new Error('gone');
        return user;
      },
    },
    jwt,
  );
  const status = async (p: Promise<unknown>) => p.then(() => 200, (e: unknown) => (e instanceof ApiError ? e.status : 0));

  it('accepts a Bearer, sid or JWT of a Manager; refuses a Viewer with 403 and nothing with 401', async () => {
    expect(await status(auth.exporter({ bearer: 'm' }))).toBe(200);
    expect(await status(auth.exporter({ sid: 'm' }))).toBe(200);
    expect(await status(auth.exporter({ jwt: await jwt.sign('m') }))).toBe(200);
    expect(await status(auth.exporter({ sid: 'v' }))).toBe(403);
    expect(await status(auth.exporter({ jwt: await jwt.sign('v') }))).toBe(403);
    expect(await status(auth.exporter({}))).toBe(401);
    expect(await status(auth.exporter({ sid: 'unknown' }))).toBe(401);
    expect(await status(auth.exporter({ jwt: await jwt.sign('deleted-user') }))).toBe(401);
  });
});
