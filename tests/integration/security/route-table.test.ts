/**
 * The route table the security suites walk: it must hold every route the
 * recorder serves, with its config, so a suite built on it misses nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessRecorder, type InProcessRecorder } from '../helpers/in-process-recorder';

let recorder: InProcessRecorder;

beforeAll(async () => {
  recorder = await startInProcessRecorder();
});

afterAll(async () => {
  await recorder?.close();
});

describe('route table', () => {
  it('lists the routes of every area, media routes included, each once per method', () => {
    const keys = recorder.app.routeTable.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /service/sessions/user',
      'GET /service/users',
      'GET /service/cameras',
      'GET /service/streams/webrtc',
      'GET /service/streams/:id/export',
      'POST /service/low-bandwidth/streams',
      'GET /service/server/report',
      'POST /service/ui',
      'GET /service/openapi.json',
      'POST /service/license-session',
      'GET /service/discoverable/orchids/1',
    ]) {
      expect(keys).toContain(expected);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('marks WebSocket routes', () => {
    const socket = recorder.app.routeTable.find((route) => route.url === '/service/streams/webrtc' && route.method === 'GET');
    expect(socket?.websocket).toBe(true);
  });
});
