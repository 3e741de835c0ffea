/**
 * Starts a real recorder for the e2e run, the way users do (see
 * tests/integration/helpers/recorder-process.ts): free HTTP and RTSP ports, a
 * temp data folder, a known admin password, the built client. Before it, a
 * real activation service on a free loopback port with one seeded activation
 * code (E2E_ACTIVATION_CODE), whose public key the recorder checks license
 * keys with (--license-issuer-key) and whose URL it hands the client
 * (--activation-url), so the Activation screen activates for real.
 * Publishes the URLs through environment variables and returns the teardown
 * that stops both and removes their data folders.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startActivationService } from '../server/activation-service/app';
import { startRecorder } from '../tests/integration/helpers/recorder-process';
import { E2E_ACTIVATION_CODE, ENV } from './recorder-env';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const password = 'e2e-secret';
  const serviceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-e2e-activation-'));
  const service = await startActivationService({
    port: 0,
    dataDir: serviceDir,
    codes: [{ code: E2E_ACTIVATION_CODE, cameras: 8, retentionBytes: null, validDays: 365 }],
  });
  let recorder;
  try {
    recorder = await startRecorder({
      adminPassword: password,
      demoCameras: Number(process.env.ARGUS_E2E_DEMO_CAMERAS ?? 0),
      extraArgs: ['--host', '127.0.0.1', '--license-issuer-key', service.publicKeyFile, '--activation-url', service.url],
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
  return async () => {
    await recorder.stop();
    await service.close();
    fs.rmSync(recorder.dataDir, { recursive: true, force: true });
    fs.rmSync(serviceDir, { recursive: true, force: true });
  };
}
