/**
 * Security headers of a real recorder on the client page, a client file and
 * API replies (answered and refused): Content-Security-Policy,
 * X-Content-Type-Options, Referrer-Policy, and framing. Without embed origins
 * only the recorder's own pages may frame it (frame-ancestors 'self',
 * X-Frame-Options SAMEORIGIN); with --embed-origins the configured origins
 * join frame-ancestors and X-Frame-Options (which cannot name them) is gone.
 * Connections go to this origin only, plus the activation service's origin
 * when --activation-url names one (the client calls it itself).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

let plain: RecorderProcess;
let embeddable: RecorderProcess;
const EMBEDDER = 'https://intranet.example';
const ACTIVATION_URL = 'http://127.0.0.3:8090/service/';

beforeAll(async () => {
  [plain, embeddable] = await Promise.all([
    startRecorder(),
    startRecorder({ extraArgs: ['--embed-origins', `${EMBEDDER}, http://127.0.0.2:8080`, '--activation-url', ACTIVATION_URL] }),
  ]);
});

afterAll(async () => {
  await Promise.all([plain?.stop(), embeddable?.stop()]);
});

/** Directive name → its values, from a Content-Security-Policy header. */
function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it('are on the client page, a client file and API replies, answered or refused', async () => {
    const token = await signIn(plain.baseUrl, 'admin', 'secret');
    const replies = {
      page: await fetch(`${plain.baseUrl}/`),
      file: await fetch(`${plain.baseUrl}/build-info.json`),
      api: await fetch(`${plain.baseUrl}/service/time`, { headers: { authorization: `Bearer ${token}` } }),
      refused: await fetch(`${plain.baseUrl}/service/users`),
      missing: await fetch(`${plain.baseUrl}/service/no-such-call`),
    };
    expect(replies.page.status).toBe(200);
    expect(await replies.page.text()).toContain('<div id="root">');
    expect(replies.api.status).toBe(200);
    expect(replies.refused.status).toBe(401);
    for (const [what, reply] of Object.entries(replies)) {
      const csp = directives(reply.headers.get('content-security-policy'));
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      expect(csp.get('script-src'), what).toEqual(["'self'"]);
      expect(csp.get('style-src'), what).toEqual(["'self'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('connect-src'), what).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
      expect(reply.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(reply.headers.get('referrer-policy'), what).toBe('no-referrer');
      expect(reply.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
      expect(reply.headers.get('strict-transport-security'), what).toBeNull();
    }
  });

  it('let the configured embed origins frame the client, and drop X-Frame-Options', async () => {
    for (const urlPath of ['/', '/service/ping']) {
      const reply = await call(embeddable.baseUrl, 'GET', urlPath);
      expect(reply.status).toBe(200);
      const csp = directives(reply.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors')).toEqual(["'self'", EMBEDDER, 'http://127.0.0.2:8080']);
      expect(reply.headers.get('x-frame-options')).toBeNull();
      expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.3:8090']);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
