/**
 * The demo's activation service (server/recorder/demo/demo-activation.ts), as
 * `npm start` runs it: a recorder process with a demo camera and no
 * activation flags starts its own service, prints its address and demo code,
 * and hands the address to clients in the discoverable orchid. Activating the
 * printed code there and giving the key to the recorder makes a pending
 * change; after a restart on the same data folder the recorder runs the core
 * license the demo service signed (its key is kept in the data folder).
 */
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { ActivationAnswer, DiscoverableOrchid, LicenseSession } from '../../../server/shared/api';
import { call, signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

const PASSWORD = 'Adm1n-pw-demo-activation';
let recorder: RecorderProcess | undefined;
let dataDir = '';

afterAll(async () => {
  await recorder?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function discoverable(token: string): Promise<DiscoverableOrchid> {
  const reply = await call<DiscoverableOrchid>(recorder!.baseUrl, 'GET', '/service/discoverable/orchids/1', { token });
  expect(reply.status).toBe(200);
  return reply.body;
}

it('starts with its own activation service, whose printed code gives a core license after a restart', async () => {
  recorder = await startRecorder({ adminPassword: PASSWORD, demoCameras: 1 });
  dataDir = recorder.dataDir;
  // The lines after "ready" may reach the pipe a moment after the first ping answers.
  for (let waited = 0; !recorder.output().includes('Demo activation service at') && waited < 5_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const printed = /Demo activation service at (http:\/\/127\.0\.0\.1:\d+)\/: activate with (\S+)/.exec(recorder.output());
  expect(printed, recorder.output()).not.toBeNull();
  const [, serviceUrl, code] = printed!;
  let token = await signIn(recorder.baseUrl, 'admin', PASSWORD);
  const before = await discoverable(token);
  expect(before.activationUrl).toBe(serviceUrl);
  expect(before.licenseSession.license.edition).toBe('trial');

  expect((await fetch(`${serviceUrl}/ping`)).status).toBe(200);
  const answer = (await (
    await fetch(`${serviceUrl}/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ activation_code: code!, machine_id: before.licenseSession.machineId, location_description: 'Demo', headless: '1' }).toString(),
    })
  ).json()) as ActivationAnswer;
  expect(answer.status).toBe('success');
  const added = await call<LicenseSession>(recorder.baseUrl, 'POST', '/service/license-session', {
    token,
    json: { license: answer.status === 'success' ? answer.license : '' },
  });
  expect(added.status).toBe(200);
  expect(added.body.state.status).toBe('pending_change');

  await recorder.stop();
  recorder = await startRecorder({ adminPassword: PASSWORD, demoCameras: 1, dataDir });
  token = await signIn(recorder.baseUrl, 'admin', PASSWORD);
  const after = await discoverable(token);
  expect(after.licenseSession.state.status).toBe('normal');
  expect(after.licenseSession.license.edition).toBe('core');
  expect(after.licenseSession.license.cameras).toBe(16);
}, 240_000);
