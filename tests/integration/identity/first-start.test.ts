/** First start without --admin-password: a generated password, printed once, that works. */
import { afterEach, expect, it } from 'vitest';
import { signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

let recorder: RecorderProcess | undefined;
afterEach(async () => {
  await recorder?.stop();
});

it('generates an admin password on the first start only and prints how to sign in', async () => {
  recorder = await startRecorder({ adminPassword: null });
  const match = /generated password: (\S+)/.exec(recorder.output());
  expect(match, recorder.output()).not.toBeNull();
  await signIn(recorder.baseUrl, 'admin', match![1]!);
  expect(recorder.output()).toContain(`ready at http://127.0.0.1:${recorder.httpPort}/`);
  const dataDir = recorder.dataDir;
  await recorder.stop();
  recorder = await startRecorder({ adminPassword: null, dataDir });
  expect(recorder.output()).not.toMatch(/generated password/);
  await signIn(recorder.baseUrl, 'admin', match![1]!);
});
