/**
 * Direct calls from the aggregator's page (spec 7 "directly or via
 * aggregator proxy path"): a real recorder answers CORS for the origin of
 * its trusted issuer only. Before any issuer, and for any other origin, no
 * CORS header goes out (the browser keeps the answer from the page), a
 * preflight gets no permission, and nothing changes for same-origin calls.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';
import { call, signIn } from '../helpers/recorder-process';

const AGGREGATOR_PAGE = 'http://127.0.0.9:8443';
const publicPem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();

let recorder: InProcessRecorder;
let admin: string;

beforeAll(async () => {
  recorder = await startInProcessRecorder('secret');
  admin = await signIn(recorder.baseUrl, 'admin', 'secret');
});

afterAll(async () => {
  await recorder?.close();
});

const preflight = (origin: string, path = '/service/cameras') =>
  fetch(`${recorder.baseUrl}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

describe('cross-origin calls', () => {
  it('allows no origin before an issuer is trusted', async () => {
    const reply = await preflight(AGGREGATOR_PAGE);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    const ping = await fetch(`${recorder.baseUrl}/service/ping`, { headers: { origin: AGGREGATOR_PAGE } });
    expect(ping.status).toBe(200);
    expect(ping.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("allows the trusted issuer's page: a preflight for a bearer call, and the call's answer, refusals too", async () => {
    const put = await call(recorder.baseUrl, 'PUT', '/service/trusted/issuer', { token: admin, json: { name: 'aggregator', publicKey: publicPem, url: `${AGGREGATOR_PAGE}/` } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const reply = await preflight(AGGREGATOR_PAGE);
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(AGGREGATOR_PAGE);
    expect(reply.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    // A revalidated camera list (the configuration screen's, the stage's first) goes direct with Cache-Control.
    expect(reply.headers.get('access-control-allow-headers')).toMatch(/cache-control/);
    expect(reply.headers.get('access-control-allow-credentials')).toBeNull();

    const cameras = await fetch(`${recorder.baseUrl}/service/cameras`, { headers: { origin: AGGREGATOR_PAGE, authorization: `Bearer ${admin}` } });
    expect(cameras.status).toBe(200);
    expect(cameras.headers.get('access-control-allow-origin')).toBe(AGGREGATOR_PAGE);
    // A refusal is readable by the page too, so it can fall back to the proxy.
    const refused = await fetch(`${recorder.baseUrl}/service/cameras`, { headers: { origin: AGGREGATOR_PAGE, authorization: 'Bearer not-a-token' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(AGGREGATOR_PAGE);
    // A stepped frame's capture time is a header the page must be able to read.
    expect(cameras.headers.get('access-control-expose-headers')).toMatch(/x-frame-time/i);
  });

  it('allows no other origin, and a preflight of one finds nothing, not the access check\'s refusal', async () => {
    const reply = await preflight('http://evil.example');
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    expect(reply.status).toBe(404);
    const cameras = await fetch(`${recorder.baseUrl}/service/cameras`, { headers: { origin: 'http://evil.example', authorization: `Bearer ${admin}` } });
    expect(cameras.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stops allowing the page when the issuer is detached', async () => {
    expect((await call(recorder.baseUrl, 'DELETE', '/service/trusted/issuer', { token: admin })).status).toBe(204);
    expect((await preflight(AGGREGATOR_PAGE)).headers.get('access-control-allow-origin')).toBeNull();
  });
});
