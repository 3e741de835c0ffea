/**
 * The aggregator's user sessions on its recorders (recorder-sessions.ts):
 * which ones are kept and which are minted again. Each recorder here is a
 * real HTTP server on loopback answering GET /service/identity with the
 * recorder's own token check (JwtSessions over a TrustedIssuerStore that
 * trusts this aggregator's key), counting the exchanges it answered.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IssuerKey } from '../../../../../server/aggregator/identity/issuer-key';
import { MINT_CONCURRENCY, RecorderSessions, type RecorderTarget } from '../../../../../server/aggregator/orchids/recorder-sessions';
import { JwtSessions } from '../../../../../server/recorder/identity/jwt-sessions';
import { TrustedIssuerStore } from '../../../../../server/recorder/identity/trusted-issuer';
import type { User } from '../../../../../server/shared/api';
import { ApiError } from '../../../../../server/common/api-error';

interface TokenRecorder {
  target: RecorderTarget;
  exchanges: () => number;
  close: () => Promise<void>;
}

/** Exchanges being answered at once across every token recorder of a test, and the most seen. */
const inFlight = { now: 0, most: 0 };

async function startTokenRecorder(id: string, issuer: IssuerKey, answerAfterMs = 0): Promise<TokenRecorder> {
  const settings = new Map<string, string>();
  const issuers = new TrustedIssuerStore({
    get: (name) => settings.get(name),
    set: (name, value) => settings.set(name, value),
    delete: (name) => settings.delete(name),
  });
  issuers.attach({ name: issuer.name, publicKeyPem: issuer.publicKeyPem }, 'api');
  const jwt = new JwtSessions({ issuers, audience: id });
  let exchanges = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/service/identity') return response.writeHead(404).end();
    exchanges++;
    inFlight.most = Math.max(inFlight.most, ++inFlight.now);
    setTimeout(() => {
      inFlight.now--;
      try {
        const session = jwt.exchange(url.searchParams.get('jwt') ?? '');
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session));
      } catch (error) {
        const refusal = error instanceof ApiError ? error : new ApiError(500, 'failed', String(error));
        response.writeHead(refusal.status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: refusal.code, reason: refusal.reason }));
      }
    }, answerAfterMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    target: { id, uri, username: 'admin', password: async () => 'unused' },
    exchanges: () => exchanges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const userNamed = (id: string, role: User['role'] = 'Viewer'): User => ({ id, username: id, role, email: null, superUser: false, admin: false });

describe('recorder sessions: one user on one recorder', () => {
  const privateKey = generateKeyPairSync('ed25519').privateKey;
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const issuer: IssuerKey = { name: 'aggregator-under-test', privateKey, publicKeyPem };
  let a: TokenRecorder;
  let b: TokenRecorder;
  let sessions: RecorderSessions;

  beforeEach(async () => {
    [a, b] = await Promise.all([startTokenRecorder('orchid-a', issuer), startTokenRecorder('orchid-b', issuer)]);
    sessions = new RecorderSessions(issuer);
  });

  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps a session once minted', async () => {
    const vera = userNamed('vera');
    const first = await sessions.forUser(a.target, vera);
    expect(await sessions.forUser(a.target, vera)).toEqual(first);
    expect(a.exchanges()).toBe(1);
  });

  it('forgetUserOn mints that user a new session on that recorder only; other recorders and users keep theirs', async () => {
    const vera = userNamed('vera');
    const otto = userNamed('otto', 'Manager');
    const [veraOnA, veraOnB, ottoOnA] = await Promise.all([sessions.forUser(a.target, vera), sessions.forUser(b.target, vera), sessions.forUser(a.target, otto)]);
    expect([a.exchanges(), b.exchanges()]).toEqual([2, 1]);

    sessions.forgetUserOn('orchid-a', vera.id);

    const veraOnANew = await sessions.forUser(a.target, vera);
    expect(veraOnANew.sessionId).not.toBe(veraOnA.sessionId);
    expect(await sessions.forUser(b.target, vera)).toEqual(veraOnB);
    expect(await sessions.forUser(a.target, otto)).toEqual(ottoOnA);
    // Exactly one new exchange, on A, for vera.
    expect([a.exchanges(), b.exchanges()]).toEqual([3, 1]);
  });

  it('forgetUserOn forgets the user there under every role a session was minted with', async () => {
    const asViewer = await sessions.forUser(a.target, userNamed('vera', 'Viewer'));
    const asManager = await sessions.forUser(a.target, userNamed('vera', 'Manager'));
    expect(a.exchanges()).toBe(2);
    sessions.forgetUserOn('orchid-a', 'vera');
    expect((await sessions.forUser(a.target, userNamed('vera', 'Viewer'))).sessionId).not.toBe(asViewer.sessionId);
    expect((await sessions.forUser(a.target, userNamed('vera', 'Manager'))).sessionId).not.toBe(asManager.sessionId);
    expect(a.exchanges()).toBe(4);
  });
});

describe('recorder sessions: the first sessions on many recorders', () => {
  const privateKey = generateKeyPairSync('ed25519').privateKey;
  const issuer: IssuerKey = { name: 'aggregator-under-test', privateKey, publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString() };
  let fleet: TokenRecorder[] = [];

  afterEach(async () => {
    await Promise.all(fleet.map((recorder) => recorder.close()));
    fleet = [];
  });

  it(`warm mints the user's sessions on every recorder, at most ${MINT_CONCURRENCY} at once`, async () => {
    // Each answer is held a little, so mints that were let through together overlap.
    fleet = await Promise.all(Array.from({ length: MINT_CONCURRENCY + 5 }, (_, i) => startTokenRecorder(`orchid-${i}`, issuer, 50)));
    inFlight.most = 0;
    const sessions = new RecorderSessions(issuer);
    const vera = userNamed('vera');
    sessions.warm(
      fleet.map((recorder) => recorder.target),
      vera,
    );
    // The warm-up's mints are the ones forUser joins: no second exchange anywhere.
    const minted = await Promise.all(fleet.map((recorder) => sessions.forUser(recorder.target, vera)));
    expect(new Set(minted.map((session) => session.sessionId)).size).toBe(fleet.length);
    expect(fleet.map((recorder) => recorder.exchanges())).toEqual(fleet.map(() => 1));
    expect(inFlight.most).toBe(MINT_CONCURRENCY);
  });
});
