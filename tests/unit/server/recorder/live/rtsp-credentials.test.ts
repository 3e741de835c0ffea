import { describe, expect, it } from 'vitest';
import type { User } from '../../../../../server/shared/api';
import type { SessionsService } from '../../../../../server/recorder/identity/sessions';
import { SignInThrottle } from '../../../../../server/common/identity/sign-in-throttle';
import type { UsersService } from '../../../../../server/recorder/identity/users';
import { CREDENTIAL_CACHE_MS, RtspCredentials } from '../../../../../server/recorder/live/rtsp-credentials';
import { basicCredentials } from '../../../../../server/recorder/live/rtsp-restream';

const alice: User = { id: 'u1', username: 'alice', role: 'Viewer', superUser: false, admin: false };

function setup() {
  let now = 1_000_000;
  let checks = 0;
  const users = {
    authenticate: async (username: string, password: string) => {
      checks++;
      return username === 'alice' && password === 'pw' ? alice : undefined;
    },
    get: (id: string) => {
      if (id !== alice.id) throw new Error('gone');
      return alice;
    },
  } as unknown as UsersService;
  const sessions = {
    authenticate: (token: string) => (token === 'tok' ? { id: 's', user: alice, expiresAt: 0 } : undefined),
  } as unknown as SessionsService;
  const credentials = new RtspCredentials({ users, sessions, throttle: new SignInThrottle(() => now) }, () => now);
  return { credentials, checks: () => checks, advance: (ms: number) => (now += ms) };
}

describe('RtspCredentials', () => {
  it('accepts a session token as the password without a password check', async () => {
    const { credentials, checks } = setup();
    expect(await credentials.check({ username: 'anyone', password: 'tok' }, '10.0.0.1')).toMatchObject({ ok: true, user: alice });
    expect(checks()).toBe(0);
  });

  it('checks a password once, then answers from the cache until it expires', async () => {
    const { credentials, checks, advance } = setup();
    expect(await credentials.check({ username: 'alice', password: 'pw' }, '10.0.0.1')).toMatchObject({ ok: true });
    expect(await credentials.check({ username: 'alice', password: 'pw' }, '10.0.0.1')).toMatchObject({ ok: true });
    expect(checks()).toBe(1);
    advance(CREDENTIAL_CACHE_MS + 1);
    expect(await credentials.check({ username: 'alice', password: 'pw' }, '10.0.0.1')).toMatchObject({ ok: true });
    expect(checks()).toBe(2);
  });

  it('answers requests arriving together with the same password from one check, none throttled', async () => {
    const { credentials, checks } = setup();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => credentials.check({ username: 'alice', password: 'pw' }, '10.0.0.1')),
    );
    expect(replies.every((reply) => reply.ok)).toBe(true);
    expect(checks()).toBe(1);
  });

  it('never caches a wrong password and throttles repeated failures', async () => {
    const { credentials, checks } = setup();
    const wrong = { username: 'alice', password: 'nope' };
    for (let i = 0; i < 4; i++) expect(await credentials.check(wrong, '10.0.0.1')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await credentials.check(wrong, '10.0.0.1')).toMatchObject({ ok: false, reason: 'throttled' });
    expect(checks()).toBe(4);
    // The right user at another address is not locked out.
    expect(await credentials.check({ username: 'alice', password: 'pw' }, '10.0.0.2')).toMatchObject({ ok: true });
    expect(await credentials.check(undefined, '10.0.0.1')).toMatchObject({ ok: false, reason: 'missing' });
  });
});

describe('basicCredentials', () => {
  it('reads a Basic header, password may contain colons', () => {
    expect(basicCredentials(`Basic ${Buffer.from('bob:a:b').toString('base64')}`)).toEqual({ username: 'bob', password: 'a:b' });
    expect(basicCredentials('Digest username="bob"')).toBeUndefined();
    expect(basicCredentials(undefined)).toBeUndefined();
    expect(basicCredentials(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeUndefined();
  });
});
