/**
 * A camera that cannot be reached answers the same way however it fails, so
 * registration does not map which ports are open nor show internal error
 * texts: a closed port, an open port where a plain TCP server (not RTSP, not
 * ONVIF) answers, one that never answers (timeout), and another loopback
 * address with nothing listening. ONVIF and Generic RTSP each. The detail is
 * in the server log. Wrong credentials keep their own reason (cameras.test.ts).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_CONNECT } from '../../../server/recorder/cameras/cameras-connect';
import { freePort } from '../helpers/free-port';
import { startMediaRecorder, type MediaRecorder } from '../recorder/helpers/media-recorder';

let recorder: MediaRecorder;
const servers: net.Server[] = [];

/** A TCP server on loopback that either answers one line of garbage and hangs up, or says nothing at all. */
async function tcpServer(behaviour: 'garbage' | 'silent'): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (behaviour === 'garbage') socket.end('SSH-2.0-NotACamera\r\n');
  });
  servers.push(server);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return port;
}

beforeAll(async () => {
  recorder = await startMediaRecorder();
});

afterAll(async () => {
  for (const server of servers) server.close();
  await recorder?.stop();
});

describe('camera registration when the camera cannot be reached', () => {
  it('gives one code and reason for a closed port, a non-camera port, a silent port and another host', async () => {
    const closed = await freePort();
    const garbage = await tcpServer('garbage');
    const silent = await tcpServer('silent');
    const targets = [
      { what: 'closed port', host: '127.0.0.1', port: closed },
      { what: 'open port, not a camera', host: '127.0.0.1', port: garbage },
      { what: 'open port, no answer', host: '127.0.0.1', port: silent },
      { what: 'another address, nothing listening', host: '127.0.0.77', port: closed },
    ];
    const attempts = targets.flatMap((target) => [
      { ...target, driver: 'ONVIF', uri: `http://${target.host}:${target.port}/onvif/device_service` },
      { ...target, driver: 'Generic RTSP', uri: `rtsp://${target.host}:${target.port}/live` },
    ]);
    const replies = await Promise.all(
      attempts.map(async (attempt) => {
        const reply = await recorder.call<{ code: string; reason: string }>('POST', '/service/cameras', {
          driver: attempt.driver,
          connection: { uri: attempt.uri, username: 'admin', password: 'camera-secret-5521' },
          name: 'Nowhere',
        });
        return { ...attempt, status: reply.status, body: reply.body };
      }),
    );
    for (const reply of replies) {
      const label = `${reply.driver}, ${reply.what}: ${JSON.stringify(reply.body)}`;
      expect(reply.status, label).toBe(422);
      expect(reply.body, label).toMatchObject({ code: CANNOT_CONNECT.code, reason: CANNOT_CONNECT.reason });
      expect(JSON.stringify(reply.body), label).not.toMatch(/TypeError|ReferenceError|Cannot read|undefined|ECONN|SOAP|Invalid data/);
    }
    // The same answer for all, whatever the port state.
    expect(new Set(replies.map((r) => `${r.status} ${r.body.code} ${r.body.reason}`)).size).toBe(1);
    // The detail is in the server log, without the camera password.
    expect(recorder.output()).toContain('cannot connect to a camera');
    expect(recorder.output()).not.toContain('camera-secret-5521');
    expect((await fetch(`${recorder.baseUrl}/service/ping`)).status).toBe(200);
  }, 120_000);
});
