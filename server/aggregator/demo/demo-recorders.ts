/**
 * `--demo-recorders N`: N local recorders, each with its simulated cameras,
 * started beside the aggregator and registered with it, so one command
 * shows a federation. Each is a real recorder process (server/recorder/
 * main.ts, the recorder's own demo-camera mode) on free loopback ports, with
 * its data in <data-dir>/demo-recorders/<n>; its admin password is made once,
 * kept in a 0600 file there and passed with --admin-password-file, so it
 * never shows in `ps`. The recorders stop with the aggregator.
 *
 * Cost: one Node process and the camera encoders per recorder.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawnChild, terminate, type SpawnedChild } from '../../processes';

export interface DemoRecorder {
  index: number;
  uri: string;
  username: string;
  password: string;
  child: SpawnedChild;
}

const READY_TIMEOUT_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function passwordFile(folder: string): string {
  const file = path.join(folder, 'admin-password');
  if (!fs.existsSync(file)) fs.writeFileSync(file, `${randomBytes(12).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

async function waitForPing(uri: string, child: SpawnedChild): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.child.exitCode !== null) throw new Error(`the demo recorder stopped: ${child.stderrTail().slice(-500)}`);
    const ok = await fetch(`${uri}/service/ping`, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the demo recorder did not answer in time');
}

export async function startDemoRecorders(options: { count: number; camerasEach: number; dataDir: string; repoRoot: string; logLevel: string }): Promise<DemoRecorder[]> {
  const recorderMain = path.join(options.repoRoot, 'server', 'recorder', 'main.ts');
  const started = await Promise.all(
    Array.from({ length: options.count }, async (_, i) => {
      const index = i + 1;
      const folder = path.join(options.dataDir, 'demo-recorders', String(index));
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      const file = passwordFile(folder);
      const [httpPort, rtspPort] = [await freePort(), await freePort()];
      // tsx's loader comes along through execArgv, as the recorder's supervisor starts main.ts.
      const child = spawnChild({
        name: `demo recorder ${index}`,
        command: process.execPath,
        args: [
          ...process.execArgv,
          recorderMain,
          '--host', '127.0.0.1',
          '--http-port', String(httpPort),
          '--rtsp-port', String(rtspPort),
          '--data-dir', path.join(folder, 'data'),
          '--admin-password-file', file,
          '--demo-cameras', String(options.camerasEach),
          '--log-level', options.logLevel,
        ],
        stdout: 'ignore',
      });
      const uri = `http://127.0.0.1:${httpPort}`;
      const password = fs.readFileSync(file, 'utf8').trim();
      try {
        await waitForPing(uri, child);
      } catch (error) {
        await terminate(child.child);
        throw error;
      }
      return { index, uri, username: 'admin', password, child };
    }),
  );
  return started;
}

export async function stopDemoRecorders(recorders: DemoRecorder[]): Promise<void> {
  await Promise.all(recorders.map((recorder) => terminate(recorder.child.child)));
}
