/**
 * The stage end to end, against the real recorder of the e2e run and two
 * simulated cameras registered here: cameras dragged from the bag play
 * moving video; tiles swap and resize; a saved stage survives a reload;
 * a tile switches between WebRTC and low bandwidth; digital zoom; full
 * screen and back; and a phone shows the bag's big layout. Screenshots go
 * to $ARGUS_SHOTS_DIR when set.
 */
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { registerStageCameras, type StageCameras } from './stage-cameras';
import { StagePage } from './stage-page';

let rig: StageCameras;
let FIRST = '';
let SECOND = '';

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  rig = await registerStageCameras(recorderBaseUrl(), adminPassword());
  [FIRST, SECOND] = rig.cameras.map((camera) => camera.name) as [string, string];
});

test.afterAll(async () => {
  await rig?.stop();
});

test.beforeEach(async ({ page, admin, signInPage, shell }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInPage.open();
  await signInPage.signIn(admin.username, admin.password);
  await shell.expectStage();
});

test('cameras dragged from the bag play, swap and resize', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'drag and drop with a mouse: desktop');
  const stage = new StagePage(page);
  await expect(stage.bagCamera(FIRST)).toBeVisible();
  await shot(page, testInfo, 'stage-empty');

  await stage.dragCamera(FIRST, 0.5, 0.5);
  await stage.expectPlaying(FIRST);
  // In the margin right of the one cell: the matrix grows a column.
  await stage.dragCamera(SECOND, -6, 0.5);
  await stage.expectPlaying(SECOND);
  await expect(stage.tiles).toHaveCount(2);
  await stage.expectClockAdvancing(FIRST);
  await stage.expectClockAdvancing(SECOND);
  await shot(page, testInfo, 'stage-two');

  // Swap: drag the first tile onto the second.
  const first = (await stage.tile(FIRST).boundingBox())!;
  const second = (await stage.tile(SECOND).boundingBox())!;
  await stage.mouseDrag({ x: first.x + first.width / 2, y: first.y + first.height / 2 }, { x: second.x + second.width / 2, y: second.y + second.height / 2 });
  await expect.poll(async () => (await stage.tile(SECOND).boundingBox())!.x).toBeLessThan((await stage.tile(FIRST).boundingBox())!.x);

  // Resize the left tile (now the second camera) south, from its 21 px zone to below the matrix.
  const left = (await stage.tile(SECOND).boundingBox())!;
  const grid = (await stage.grid.boundingBox())!;
  await stage.mouseDrag({ x: left.x + left.width / 2, y: left.y + left.height - 8 }, { x: left.x + left.width / 2, y: Math.min(grid.y + grid.height - 25, left.y + left.height * 1.6) });
  await expect.poll(async () => (await stage.tile(SECOND).boundingBox())!.height).toBeGreaterThan(left.height * 1.5);
  await stage.expectPlaying(SECOND);
  await shot(page, testInfo, 'stage-resized');
});

test('a saved stage is found again after a reload', async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  await stage.bagCamera(FIRST).dblclick();
  await stage.bagCamera(SECOND).dblclick();
  await expect(stage.tiles).toHaveCount(2);
  await page.getByRole('tab', { name: 'Stages' }).click();
  const name = `Wall ${testInfo.project.name} ${Date.now()}`;
  await page.getByRole('button', { name: 'Save Stage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save stage' });
  await dialog.getByLabel('Stage name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Open stage ${name}` })).toBeVisible();

  // The wall itself is kept locally per user (written 1 s after the last change); the saved stage comes from the server.
  await expect.poll(() => stage.locallySavedCameras()).toBe(2);
  await page.reload();
  await expect(stage.tiles).toHaveCount(2);
  await page.getByRole('tab', { name: 'Stages' }).click();
  await page.getByRole('tab', { name: 'Cameras' }).click();
  await page.getByRole('button', { name: 'Clear Stage' }).click();
  await expect(stage.tiles).toHaveCount(0);
  await page.getByRole('tab', { name: 'Stages' }).click();
  await page.getByRole('button', { name: `Open stage ${name}` }).click();
  await expect(stage.tiles).toHaveCount(2);
  await stage.expectPlaying(FIRST);
  await shot(page, testInfo, 'stage-saved');
});

test('a tile switches between WebRTC and low bandwidth, zooms, and goes full screen', async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  for (const camera of [FIRST, SECOND]) await stage.bagCamera(camera).dblclick();
  await stage.expectPlaying(FIRST);
  const initialType = await stage.tile(FIRST).getAttribute('data-player-type');

  // Switch the player mode to low bandwidth: the worker player draws moving pictures.
  if (initialType === 'webrtc') await (await stage.header(FIRST, 'Player mode: WebRTC')).click();
  await stage.expectPlaying(FIRST, 'lowbandwidth');
  await stage.expectClockAdvancing(FIRST);
  await expect(await stage.header(FIRST, 'Player mode: Low bandwidth')).toBeVisible();
  // And back to WebRTC.
  await (await stage.header(FIRST, 'Player mode: Low bandwidth')).click();
  await expect(await stage.header(FIRST, 'Player mode: WebRTC')).toBeVisible();
  await stage.expectPlaying(FIRST, 'webrtc');
  await stage.expectClockAdvancing(FIRST);

  // Digital zoom with the wheel: the title shows the zoom and the compositor draws the tile.
  const box = (await stage.tile(SECOND).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -100);
  await expect(stage.tile(SECOND).getByTestId('tile-zoom')).toHaveText(/^\d{3}%$/);
  await expect(stage.tile(SECOND)).toHaveClass(/surface-compositor/);
  await shot(page, testInfo, 'stage-zoomed');

  // Full screen of one cell, and back.
  const grid = (await stage.grid.boundingBox())!;
  await (await stage.header(FIRST, 'Full screen')).click();
  await expect.poll(async () => (await stage.tile(FIRST).boundingBox())!.width).toBeGreaterThan(grid.width - 2);
  await expect(stage.tile(SECOND)).toBeHidden();
  await stage.expectMovingVideo(FIRST);
  await shot(page, testInfo, 'stage-full-screen');
  await (await stage.header(FIRST, 'Exit full screen')).click();
  await expect(stage.tile(SECOND)).toBeVisible();
  await expect.poll(async () => (await stage.tile(FIRST).boundingBox())!.width).toBeLessThan(grid.width / 1.5);
});

test('a narrow viewport shows the big bag layout, restored when wider', async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(stage.bag).toHaveAttribute('data-layout', 'big');
  await stage.bagCamera(FIRST).dblclick();
  await stage.expectPlaying(FIRST);
  await shot(page, testInfo, 'stage-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(stage.bag).toHaveAttribute('data-layout', 'mosaic');
  await stage.bag.getByRole('button', { name: 'Camera layout: mosaic' }).click();
  await expect(stage.bag).toHaveAttribute('data-layout', 'big');
  await stage.bag.getByRole('button', { name: 'Camera layout: big' }).click();
  await expect(stage.bag).toHaveAttribute('data-layout', 'list');
  await shot(page, testInfo, 'stage-bag-list');
});
