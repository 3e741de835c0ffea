/**
 * Starts a real recorder for the e2e run, the way users do (see
 * tests/integration/helpers/recorder-process.ts): free HTTP and RTSP ports, a
 * temp data folder, a known admin password, the built client. Before it, a
 * real activation service on a free loopback port with one seeded activation
 * code (E2E_ACTIVATION_CODE), whose public key the recorder checks license
 * keys with (--license-issuer-key) and whose URL it hands the client
 * (--activation-url), so the Activation screen activates for real. One
 * other origin may frame the recorder (--embed-origins): 127.0.0.2 on a
 * port free now, where the embedded-player spec runs the example embedding
 * host (examples/embed).
 * Publishes the URLs through environment variables and returns the teardown
 * that stops both and removes their data folders.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startActivationService } from '../server/activation-service/app';
import { startRecorder } from '../tests/integration/helpers/recorder-process';
import { E2E_ACTIVATION_CODE, ENV } from './recorder-env';

/** A port free on 127.0.0.2 now (bind to 0, read, close): the embedding host's, another machine as far as the browser knows. */
function freeEmbedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.2', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const password = 'e2e-secret';
  const serviceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-e2e-activation-'));
  const service = await startActivationService({
    port: 0,
    dataDir: serviceDir,
    codes: [{ code: E2E_ACTIVATION_CODE, cameras: 8, retentionBytes: null, validDays: 365 }],
  });
  const embedOrigin = `http://127.0.0.2:${await freeEmbedPort()}`;
  let recorder;
  try {
    recorder = await startRecorder({
      adminPassword: password,
      demoCameras: Number(process.env.ARGUS_E2E_DEMO_CAMERAS ?? 0),
      extraArgs: ['--host', '127.0.0.1', '--license-issuer-key', service.publicKeyFile, '--activation-url', service.url, '--embed-origins', embedOrigin],
    });
  } catch (error) {
    await service.close();
    fs.rmSync(serviceDir, { recursive: true, force: true });
    throw error;
  }
  process.env[ENV.baseUrl] = recorder.baseUrl;
  process.env[ENV.dataDir] = recorder.dataDir;
  process.env[ENV.adminPassword] = password;
  process.env[ENV.activationUrl] = service.url;
  process.env[ENV.embedOrigin] = embedOrigin;
  return async () => {
    await recorder.stop();
    await service.close();
    fs.rmSync(recorder.dataDir, { recursive: true, force: true });
    fs.rmSync(serviceDir, { recursive: true, force: true });
  };
}
