/**
 * Starts a real recorder for the e2e run, the way users do (see
 * tests/integration/helpers/recorder-process.ts): free HTTP and RTSP ports, a
 * temp data folder, a known admin password, the built client. Publishes the
 * base URL through environment variables and returns the teardown that stops
 * the recorder and removes its data folder.
 */
import fs from 'node:fs';
import { startRecorder } from '../tests/integration/helpers/recorder-process';
import { ENV } from './recorder-env';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const password = 'e2e-secret';
  const recorder = await startRecorder({
    adminPassword: password,
    demoCameras: Number(process.env.ARGUS_E2E_DEMO_CAMERAS ?? 0),
    extraArgs: ['--host', '127.0.0.1'],
  });
  process.env[ENV.baseUrl] = recorder.baseUrl;
  process.env[ENV.dataDir] = recorder.dataDir;
  process.env[ENV.adminPassword] = password;
  return async () => {
    await recorder.stop();
    fs.rmSync(recorder.dataDir, { recursive: true, force: true });
  };
}
