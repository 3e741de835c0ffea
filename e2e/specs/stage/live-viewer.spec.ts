/**
 * A Live Viewer on the stage (spec 6, 164: live only, the timeline hidden):
 * the cameras play live, and neither the control bar nor the player's link
 * to the master timeline is offered. The cameras are the stage rig's (the
 * stageRig fixture); the Live Viewer is made through the API by the
 * administrator, as set-up.
 */
import { expect, test } from '../../fixtures/test';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import type { StageCameras } from './stage-cameras';
import { StagePage } from './stage-page';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';

let rig: StageCameras | undefined;
const liveViewer = { username: `live_viewer_${Date.now().toString(36)}`, password: 'live-pass' };

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ stageRig }) => {
  rig = stageRig;
  const signIn = await fetch(`${recorderBaseUrl()}/service/sessions/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword(), cookie: 'session', type: 'user' }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const created = await fetch(`${recorderBaseUrl()}/service/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...liveViewer, role: 'Live Viewer' }),
  });
  expect(created.status).toBe(201);
});

test('a Live Viewer watches live with no timeline controls and no link to the master timeline', ANY_VIEWPORT, async ({ page, signInPage, shell }) => {
  const name = rig!.cameras[0]!.name;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInPage.open();
  await signInPage.signIn(liveViewer.username, liveViewer.password);
  await shell.expectStage();
  const stage = new StagePage(page);
  await stage.bagCamera(name).dblclick();
  await stage.expectPlaying(name);
  await expect(page.getByRole('toolbar', { name: 'Timeline controls' })).toHaveCount(0);
  await expect(await stage.header(name, 'Full screen')).toBeVisible();
  await expect(stage.tile(name).getByRole('button', { name: /master timeline/ })).toHaveCount(0);
});
