/**
 * Sign-in hardening against a real recorder. Session lifetime: no role may
 * ask for a session longer than the spec's login expiry. Password guessing: a parallel burst for one account
 * and a password sprayed over many usernames are both checked no more often
 * than the throttle lets a sequence of tries through, while the real user
 * still signs in from another loopback address (127.0.0.x acts as another
 * machine). Prints the number of guesses actually checked per burst.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../server/shared/api';
import { LOGIN_EXPIRY_S } from '../../../server/shared/validation';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

let recorder: RecorderProcess;
let adminToken: string;

beforeAll(async () => {
  recorder = await startRecorder();
  adminToken = await signIn(recorder.baseUrl, 'admin', 'secret');
  for (const username of ['victim', 'sprayed']) {
    const reply = await call(recorder.baseUrl, 'POST', '/service/users', {
      token: adminToken,
      json: { username, password: 'right-pass', passwordConfirm: 'right-pass', role: 'Viewer' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  }
});

afterAll(async () => {
  await recorder?.stop();
});

interface Answer {
  status: number;
  code?: string;
  retryAfter: string | null;
}

/** One sign-in on its own connection from the given loopback source address. */
function signInFrom(localAddress: string, username: string, password: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ username, password, cookie: 'session', type: 'user' });
    const request = http.request(
      `${recorder.baseUrl}/service/sessions/user`,
      { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const parsed = text ? (JSON.parse(text) as { code?: string }) : {};
          resolve({ status: response.statusCode ?? 0, code: parsed.code, retryAfter: response.headers['retry-after'] ?? null });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Tries a sequence may make within `elapsedMs`: `freeTries` at once (the last
 * of them starts a 1 s cool-down), then one more each time the doubling
 * cool-down (capped at 60 s) runs out.
 */
function sequenceAllowance(freeTries: number, elapsedMs: number): number {
  let tries = freeTries + 1;
  let atMs = 0;
  let delayMs = 1_000;
  while (atMs + delayMs <= elapsedMs) {
    atMs += delayMs;
    tries += 1;
    delayMs = Math.min(60_000, delayMs * 2);
  }
  return tries;
}

function tally(answers: Answer[]): { checked: number; refused: number; other: number } {
  const checked = answers.filter((a) => a.status === 401 && a.code === 'authentication-failed').length;
  const refused = answers.filter((a) => a.status === 429 && a.code === 'too-many-attempts').length;
  return { checked, refused, other: answers.length - checked - refused };
}

/**
 * Tries again from the address after a burst until a try is refused (at most
 * four tries). On a loaded machine a burst can outlast the cool-down it
 * started, and a sequence would then be let through once more too; such
 * tries are checked, so they are answered for the caller to add to the
 * burst's and hold to the same allowance.
 */
async function triesUntilRefused(address: string, username: string, password: string): Promise<{ refused: boolean; checked: number }> {
  let checked = 0;
  for (let i = 0; i < 4; i++) {
    const answer = await signInFrom(address, username, password);
    if (answer.status === 429) return { refused: true, checked };
    checked += 1;
  }
  return { refused: false, checked };
}

describe('sign-in throttle under parallel guessing', () => {
  it('checks a parallel burst for one account no more often than a sequence, and never lets the right password in late', async () => {
    const startMs = Date.now();
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 50 ? 'right-pass' : `wrong-${i}`));
    const burst = Promise.all(guesses.map((password) => signInFrom('127.0.0.3', 'victim', password)));
    // Meanwhile the real user signs in from another machine.
    const realUser = await signInFrom('127.0.0.2', 'victim', 'right-pass');
    const answers = await burst;
    const { checked, refused, other } = tally(answers);
    // Further guesses from the burst's address are refused before they are checked.
    const after = await triesUntilRefused('127.0.0.3', 'victim', 'wrong-after');
    const elapsedMs = Date.now() - startMs;
    const allowance = sequenceAllowance(3, elapsedMs);
    console.log(`burst of 100 guesses for one account: ${checked} checked, ${refused} refused, ${after.checked} more checked after it (a sequence over the same ${elapsedMs} ms may make ${allowance})`);

    expect(realUser.status).toBe(200);
    expect(other).toBe(0);
    expect(checked).toBeGreaterThan(0);
    expect(checked + after.checked).toBeLessThanOrEqual(allowance);
    expect(answers[50]!.status).toBe(429);
    expect(answers.filter((a) => a.status === 429).every((a) => Number(a.retryAfter) >= 1)).toBe(true);
    expect(after.refused).toBe(true);
  });

  it('cuts off one address spraying a password over 50 usernames, while the real user signs in elsewhere', async () => {
    const startMs = Date.now();
    const usernames = Array.from({ length: 50 }, (_, i) => (i === 25 ? 'sprayed' : `user-${i}`));
    const spray = Promise.all(usernames.map((username) => signInFrom('127.0.0.4', username, 'right-pass')));
    const realUser = await signInFrom('127.0.0.2', 'sprayed', 'right-pass');
    const answers = await spray;
    const { checked, refused, other } = tally(answers);
    // Further names from that address are refused before they are checked.
    const after = await triesUntilRefused('127.0.0.4', 'someone-else', 'right-pass');
    const elapsedMs = Date.now() - startMs;
    const allowance = sequenceAllowance(10, elapsedMs);
    // The one existing account among the names may or may not have been reached before the cut-off.
    const succeeded = answers.filter((a) => a.status === 200).length;
    console.log(`spray of one password over 50 usernames: ${checked} checked, ${refused} refused, ${succeeded} signed in, ${after.checked} more checked after it (a sequence over the same ${elapsedMs} ms may make ${allowance})`);

    expect(realUser.status).toBe(200);
    expect(other - succeeded).toBe(0);
    expect(refused).toBeGreaterThan(0);
    expect(checked + succeeded + after.checked).toBeLessThanOrEqual(allowance);
    expect(after.refused).toBe(true);
    expect((await signInFrom('127.0.0.2', 'sprayed', 'right-pass')).status).toBe(200);
  });
});

describe('session lifetime', () => {
  it('clamps a longer ask to the login expiry and says so in expiresAt, for an administrator too', async () => {
    const beforeMs = Date.now();
    const long = await call<Session>(recorder.baseUrl, 'POST', '/service/sessions/user', {
      json: { username: 'admin', password: 'secret', cookie: 'persistent', expiresIn: 10 * 365 * 86_400, type: 'user' },
    });
    const afterMs = Date.now();
    expect(long.status).toBe(200);
    expect(long.body.expiresAt).toBeGreaterThanOrEqual(beforeMs + LOGIN_EXPIRY_S * 1000);
    expect(long.body.expiresAt).toBeLessThanOrEqual(afterMs + LOGIN_EXPIRY_S * 1000);
    const me = await call<Session>(recorder.baseUrl, 'GET', '/service/sessions/me', { token: long.body.token });
    expect(me.body.expiresAt).toBe(long.body.expiresAt);
  });

  it('keeps a shorter ask as asked', async () => {
    const beforeMs = Date.now();
    const short = await call<Session>(recorder.baseUrl, 'POST', '/service/sessions/user', {
      json: { username: 'victim', password: 'right-pass', cookie: 'session', expiresIn: 3600, type: 'user' },
    });
    expect(short.status).toBe(200);
    expect(short.body.expiresAt).toBeGreaterThanOrEqual(beforeMs + 3600 * 1000);
    expect(short.body.expiresAt).toBeLessThan(beforeMs + LOGIN_EXPIRY_S * 1000);
  });
});
