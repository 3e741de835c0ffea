/**
 * The stage end to end, against the real recorder of the e2e run and two
 * simulated cameras registered here: cameras dragged from the bag play
 * moving video; tiles swap and resize; a saved stage survives a reload;
 * a tile switches between WebRTC and low bandwidth; digital zoom; full
 * screen and back; a player that fails shows its error in its own tile
 * while the others play; and a phone shows the bag's big layout. On the
 * phone the drags are a finger's, and a pinch zooms a tile.
 * Screenshots go to $ARGUS_SHOTS_DIR when set.
 */
import type { CamerasResponse } from '../../../server/shared/api';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { ANY_VIEWPORT } from '../../fixtures/viewport-tags';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';

test.describe.configure({ timeout: 120_000 });

const suite = stageSuite();

// With the mouse on the desktop, with a finger on the phone (a camera is held in the bag until it lifts).
test('cameras dragged from the bag play, swap and resize', async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  await expect(stage.bagCamera(suite.first)).toBeVisible();
  await shot(page, testInfo, 'stage-empty');

  await stage.dragCamera(suite.first, 0.5, 0.5);
  await stage.expectPlaying(suite.first);
  // In the margin right of the one cell: the matrix grows a column.
  await stage.dragCamera(suite.second, -6, 0.5);
  await stage.expectPlaying(suite.second);
  await expect(stage.tiles).toHaveCount(2);
  await stage.expectClockAdvancing(suite.first);
  await stage.expectClockAdvancing(suite.second);
  await shot(page, testInfo, 'stage-two');

  // Swap: drag the first tile onto the second.
  const first = (await stage.tile(suite.first).boundingBox())!;
  const second = (await stage.tile(suite.second).boundingBox())!;
  await stage.drag({ x: first.x + first.width / 2, y: first.y + first.height / 2 }, { x: second.x + second.width / 2, y: second.y + second.height / 2 });
  await expect.poll(async () => (await stage.tile(suite.second).boundingBox())!.x).toBeLessThan((await stage.tile(suite.first).boundingBox())!.x);

  // Resize the left tile (now the second camera) south, from its 21 px zone to below the matrix.
  const left = (await stage.tile(suite.second).boundingBox())!;
  const grid = (await stage.grid.boundingBox())!;
  await stage.drag({ x: left.x + left.width / 2, y: left.y + left.height - 8 }, { x: left.x + left.width / 2, y: Math.min(grid.y + grid.height - 25, left.y + left.height * 1.6) });
  await expect.poll(async () => (await stage.tile(suite.second).boundingBox())!.height).toBeGreaterThan(left.height * 1.5);
  await stage.expectPlaying(suite.second);
  await shot(page, testInfo, 'stage-resized');
});

// Decided before the sign-in, so the desktop spends nothing on it.
test.describe(() => {
  test.skip(({ hasTouch }) => !hasTouch, 'finger gestures: the phone');

  test('by touch: cameras dragged from the bag play, and pinching a tile zooms it in and out', async ({ page }, testInfo) => {
    const stage = new StagePage(page);
    await stage.dragCamera(suite.first, 0.5, 0.5);
    await stage.dragCamera(suite.second, -6, 0.5);
    await stage.expectPlaying(suite.first);
    await stage.expectPlaying(suite.second);
    await stage.expectClockAdvancing(suite.first);
    // A finger moves the first tile onto the second: they swap.
    const first = (await stage.tile(suite.first).boundingBox())!;
    const second = (await stage.tile(suite.second).boundingBox())!;
    await stage.drag({ x: first.x + first.width / 2, y: first.y + first.height / 2 }, { x: second.x + second.width / 2, y: second.y + second.height / 2 });
    await expect.poll(async () => (await stage.tile(suite.first).boundingBox())!.x).toBeGreaterThan(first.x);
    await expect(stage.tile(suite.first).getByTestId('tile-zoom')).toHaveCount(0);

    // Spreading two fingers on the moved tile zooms in: the title shows the zoom and the compositor draws the tile.
    const zoom = stage.tile(suite.first).getByTestId('tile-zoom');
    const placed = await stage.tile(suite.first).boundingBox();
    await stage.pinch(suite.first, 40, 140);
    await expect(zoom).toHaveText(/^\d{3}%$/);
    await expect(stage.tile(suite.first)).toHaveClass(/surface-compositor/);
    const zoomedIn = Number.parseInt((await zoom.textContent())!, 10);
    expect(zoomedIn).toBeGreaterThan(100);
    await shot(page, testInfo, 'stage-phone-pinched');

    // Closing them zooms out again. A pinch never moves a tile, and the other tile keeps its picture whole.
    await stage.pinch(suite.first, 140, 40);
    await expect.poll(async () => ((await zoom.count()) === 0 ? 100 : Number.parseInt((await zoom.textContent())!, 10))).toBeLessThan(zoomedIn);
    expect(await stage.tile(suite.first).boundingBox()).toEqual(placed);
    await expect(stage.tile(suite.second).getByTestId('tile-zoom')).toHaveCount(0);
    await expect(stage.tiles).toHaveCount(2);
  });
});

test('a saved stage is found again after a reload', async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  await stage.bagCamera(suite.first).dblclick();
  await stage.bagCamera(suite.second).dblclick();
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
  await stage.expectPlaying(suite.first);
  await shot(page, testInfo, 'stage-saved');
});

test('a tile switches between WebRTC and low bandwidth, zooms, and goes full screen', async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  for (const camera of [suite.first, suite.second]) await stage.bagCamera(camera).dblclick();
  await stage.expectPlaying(suite.first);
  const initialType = await stage.tile(suite.first).getAttribute('data-player-type');

  // Switch the player mode to low bandwidth: the worker player draws moving pictures.
  if (initialType === 'webrtc') await (await stage.header(suite.first, 'Player mode: WebRTC')).click();
  await stage.expectPlaying(suite.first, 'lowbandwidth');
  await stage.expectClockAdvancing(suite.first);
  // Its pictures are decoded to about the tile's size, scaled as the JPEG is decoded where they are larger
  // (jpeg-scaled-size.ts), and never to less than the tile's device pixels: the canvas takes the picture's size.
  // (On the phone the tile's 348x196 device pixels take 6/8 of a 480x270 picture.)
  await expect
    .poll(() =>
      stage
        .tile(suite.first)
        .getByTestId('tile-canvas')
        .evaluate((canvas: HTMLCanvasElement) =>
          Math.max(canvas.width / (canvas.clientWidth * devicePixelRatio), canvas.height / (canvas.clientHeight * devicePixelRatio)),
        ),
    )
    .toBeGreaterThanOrEqual(0.99);
  await expect(await stage.header(suite.first, 'Player mode: Low bandwidth')).toBeVisible();
  // And back to WebRTC.
  await (await stage.header(suite.first, 'Player mode: Low bandwidth')).click();
  await expect(await stage.header(suite.first, 'Player mode: WebRTC')).toBeVisible();
  await stage.expectPlaying(suite.first, 'webrtc');
  await stage.expectClockAdvancing(suite.first);

  // Digital zoom with the wheel: the title shows the zoom and the compositor draws the tile.
  const box = (await stage.tile(suite.second).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -100);
  await expect(stage.tile(suite.second).getByTestId('tile-zoom')).toHaveText(/^\d{3}%$/);
  await expect(stage.tile(suite.second)).toHaveClass(/surface-compositor/);
  await shot(page, testInfo, 'stage-zoomed');

  // Full screen of one cell, and back.
  const grid = (await stage.grid.boundingBox())!;
  await (await stage.header(suite.first, 'Full screen')).click();
  await expect.poll(async () => (await stage.tile(suite.first).boundingBox())!.width).toBeGreaterThan(grid.width - 2);
  await expect(stage.tile(suite.second)).toBeHidden();
  await stage.expectMovingVideo(suite.first);
  await shot(page, testInfo, 'stage-full-screen');
  await (await stage.header(suite.first, 'Exit full screen')).click();
  await expect(stage.tile(suite.second)).toBeVisible();
  await expect.poll(async () => (await stage.tile(suite.first).boundingBox())!.width).toBeLessThan(grid.width / 1.5);
});

// A tile's error boundary is the same on any screen.
test('a player that fails shows its error in its own tile while the others play', ANY_VIEWPORT, async ({ page, errors }, testInfo) => {
  const stage = new StagePage(page);
  // The second camera arrives without capabilities, which its player reads while rendering: that tile throws.
  await page.route(
    (url) => url.pathname === '/service/cameras',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as CamerasResponse;
      for (const camera of body.data.cameras) if (camera.name === suite.second) Object.assign(camera, { capabilities: null });
      await route.fulfill({ response, json: body });
    },
  );
  errors.allow(/Cannot read properties of null \(reading 'camera'\)/);
  await page.reload();
  await stage.bagCamera(suite.first).dblclick();
  await stage.bagCamera(suite.second).dblclick();

  const failed = stage.tile(suite.second);
  await expect(failed).toHaveAttribute('data-testid', 'tile-failed');
  await expect(failed).toContainText('This player failed');
  await stage.expectPlaying(suite.first);
  await stage.expectClockAdvancing(suite.first);
  await shot(page, testInfo, 'stage-tile-failed');

  await failed.getByRole('button', { name: `Remove ${suite.second} from the stage` }).click();
  await expect(failed).toHaveCount(0);
  await expect(stage.tiles).toHaveCount(1);
});

// It sets both widths itself (a phone's and a desktop's), so the phone project would repeat it as it is.
test('a narrow viewport shows the big bag layout, restored when wider', ANY_VIEWPORT, async ({ page }, testInfo) => {
  const stage = new StagePage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(stage.bag).toHaveAttribute('data-layout', 'big');
  await stage.bagCamera(suite.first).dblclick();
  await stage.expectPlaying(suite.first);
  await shot(page, testInfo, 'stage-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(stage.bag).toHaveAttribute('data-layout', 'mosaic');
  await stage.bag.getByRole('button', { name: 'Camera layout: mosaic' }).click();
  await expect(stage.bag).toHaveAttribute('data-layout', 'big');
  await stage.bag.getByRole('button', { name: 'Camera layout: big' }).click();
  await expect(stage.bag).toHaveAttribute('data-layout', 'list');
  await shot(page, testInfo, 'stage-bag-list');
});
