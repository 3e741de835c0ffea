/**
 * The loopback RTSP credential relay (server/recorder/ingest/
 * rtsp-credential-relay.ts) against a simulated camera that demands Digest:
 * ffprobe given only the relay's URL reads the stream; a lease opens once,
 * only from the process it was bound to, and not after release; a path
 * that names no lease and a wrong password are refused as a camera would
 * refuse them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import { FFPROBE_PATH, runToCompletion } from '../../../server/processes';
import { RtspCredentialRelay, type RelayLease } from '../../../server/recorder/ingest/rtsp-credential-relay';
import { startSimulator } from '../recorder/helpers/simulator';

let sim: CameraSim;
let relay: RtspCredentialRelay;

beforeAll(async () => {
  [sim, relay] = await Promise.all([startSimulator(1), RtspCredentialRelay.start()]);
}, 60_000);

afterAll(async () => {
  await relay?.close();
  await sim?.stop();
});

/** ffprobe over TCP, as the recorder runs it; `lease` is bound to its pid unless `bind` is false. */
async function probe(url: string, lease?: RelayLease, bind = true): Promise<{ ok: boolean; stderr: string; stdout: string }> {
  const args = ['-v', 'error', '-rtsp_transport', 'tcp', '-timeout', '8000000', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', url];
  const result = await runToCompletion({
    name: 'relay test probe',
    command: FFPROBE_PATH,
    args,
    timeoutMs: 15_000,
    onSpawn: (pid) => {
      if (bind) lease?.bindPid(pid);
    },
  });
  return { ok: result.code === 0, stderr: result.stderr, stdout: result.stdout };
}

describe('RTSP credential relay', () => {
  it('lets ffprobe read a Digest-protected stream from a URL without credentials, once', async () => {
    const camera = sim.cameras[0]!;
    const lease = relay.lease({ uri: camera.rtspUrls.sub, username: camera.username, password: camera.password });
    expect(lease.url).toMatch(/^rtsp:\/\/127\.0\.0\.1:\d+\/relay\/[A-Za-z0-9_-]{43}\//);
    expect(lease.url).not.toContain(camera.password);
    const first = await probe(lease.url, lease);
    expect(first.ok, first.stderr).toBe(true);
    // Every track of the camera comes through: its picture and its sound.
    expect(first.stdout.trim().split('\n')).toEqual(['h264', 'pcm_mulaw']);
    // Spent: the same URL opens nothing a second time.
    const second = await probe(lease.url, lease);
    expect(second.ok).toBe(false);
    expect(second.stderr).toMatch(/404/);
    lease.release();
  });

  it('refuses a connection from any process but the one the lease was made for', async () => {
    const camera = sim.cameras[0]!;
    const lease = relay.lease({ uri: camera.rtspUrls.sub, username: camera.username, password: camera.password });
    // Bound to this test process; the ffprobe below is another process, as a local user copying the URL from `ps` would be.
    lease.bindPid(process.pid);
    const stolen = await probe(lease.url, lease, false);
    expect(stolen.ok).toBe(false);
    expect(stolen.stderr).toMatch(/404/);
    lease.release();
  });

  it('refuses a released lease and a path that names none', async () => {
    const camera = sim.cameras[0]!;
    const lease = relay.lease({ uri: camera.rtspUrls.sub, username: camera.username, password: camera.password });
    lease.release();
    expect((await probe(lease.url, lease)).stderr).toMatch(/404/);
    expect((await probe(`rtsp://127.0.0.1:${relay.port}/relay/${'A'.repeat(43)}/cam0/sub`)).stderr).toMatch(/404/);
    expect((await probe(`rtsp://127.0.0.1:${relay.port}/cam0/sub`)).stderr).toMatch(/404/);
    expect(relay.activeLeases).toBe(0);
  });

  it('passes the camera’s refusal of a wrong password on as 401', async () => {
    const camera = sim.cameras[0]!;
    const lease = relay.lease({ uri: camera.rtspUrls.sub, username: camera.username, password: 'wrong' });
    const result = await probe(lease.url, lease);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/401/);
    lease.release();
  });
});
