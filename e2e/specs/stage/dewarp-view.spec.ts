/**
 * Turning a perspective dewarp view in the player (spec 5 "Dewarp", spec 9)
 * and switching dewarp under low bandwidth (spec 4), as the operator does:
 * a camera set up for dewarp plays in Perspective over low bandwidth; the
 * tile header shows the dewarp zoom (the default view's 0.5 as 50%), each
 * wheel notch zooms 0.05 (55%, 60%), a drag across the picture turns the
 * view (the picture changes far more than the scene moves by itself), and
 * switching dewarp Off starts a new low-bandwidth session (POST
 * /service/low-bandwidth/streams) and plays, and back to Perspective
 * restarts play once more and plays dewarped again.
 *
 * On the phone the same view turns by touch: two fingers spreading zoom it
 * in (a wheel step per 10 % of finger travel), closing zoom it out, and one
 * finger dragging turns it.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { Camera } from '../../../server/shared/api';
import { shot } from '../../fixtures/shots';
import { expect, test } from '../../fixtures/test';
import { Touch, type Point } from '../../fixtures/touch';
import { chooseDewarp, matrixOf, meanDifference, pictureOf, restoreStage, setDewarp, settledPictureOf } from './dewarp-stage';
import { StagePage } from './stage-page';
import { stageSuite } from './stage-suite';

test.describe.configure({ timeout: 180_000 });

const suite = stageSuite();

/**
 * Plays `camera` alone on the stage, dewarped in perspective over low bandwidth (the compositor draws
 * it), runs `body`, and turns the camera's dewarp off again whatever happens.
 */
async function withPerspectiveTile(page: Page, camera: Camera, body: () => Promise<void>): Promise<void> {
  const stage = new StagePage(page);
  await setDewarp(camera, true);
  try {
    await restoreStage(page, matrixOf(camera, 1, 1, true));
    await stage.expectPlaying(camera.name, 'lowbandwidth');
    await expect(stage.tile(camera.name)).toHaveClass(/surface-compositor/);
    await body();
  } finally {
    await setDewarp(camera, false);
  }
}

/** `turn` (a drag across the picture) turns the view: the picture changes far more than the scene does by itself. */
async function expectTurnedBy(context: BrowserContext, tile: Locator, turn: (from: Point, to: Point) => Promise<void>): Promise<void> {
  const box = (await tile.locator('.tile-media').boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const { picture: before, still } = await settledPictureOf(context, tile);
  await turn(centre, { x: centre.x + box.width * 0.35, y: centre.y + box.height * 0.2 });
  await expect.poll(async () => meanDifference(await pictureOf(context, tile), before), { timeout: 20_000 }).toBeGreaterThan(Math.max(10, still * 3));
}

// Each decided before the sign-in, so a project spends nothing on the other's test.
test.describe(() => {
  test.skip(({ isMobile }) => isMobile, 'mouse wheel and drag: the phone turns the view by touch, below');

  test('a perspective tile zooms by wheel and turns by drag; switching dewarp under low bandwidth restarts play', async ({ page, context }, testInfo) => {
    const stage = new StagePage(page);
    const camera = suite.cameras.find((c) => c.name === suite.second)!;
    const tile = stage.tile(camera.name);
    await stage.bagCamera(camera.name).dblclick();
    await expect.poll(() => stage.locallySavedCameras()).toBe(1);

    // A restart opens a new picture socket, and each socket takes a fresh single-use ticket: that is
    // what is counted. New sessions (POST /service/low-bandwidth/streams) are not: the session pool keeps
    // a released session for a 3 s grace and hands it back to a tile that asks the same size again, so
    // switching back to Perspective within that grace rightly reuses the Perspective session.
    let sockets = 0;
    let sessions = 0;
    context.on('request', (request) => {
      if (request.method() !== 'POST') return;
      const path = new URL(request.url()).pathname;
      if (path === '/service/low-bandwidth/streams') sessions++;
      if (path === '/service/tickets' && (request.postDataJSON() as { scope?: string } | null)?.scope === 'low-bandwidth') sockets++;
    });

    await withPerspectiveTile(page, camera, async () => {
      // The header shows the dewarp zoom; the wheel steps it by 0.05.
      const media = tile.locator('.tile-media');
      const box = (await media.boundingBox())!;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(centre.x, centre.y);
      const zoom = tile.getByTestId('tile-zoom');
      await expect(zoom).toHaveText('50%');
      await page.mouse.wheel(0, -100);
      await expect(zoom).toHaveText('55%');
      await page.mouse.wheel(0, -100);
      await expect(zoom).toHaveText('60%');
      await page.mouse.wheel(0, 100);
      await expect(zoom).toHaveText('55%');

      // A drag turns the view.
      await expectTurnedBy(context, tile, (from, to) => stage.mouseDrag(from, to));
      await expect(stage.tiles).toHaveCount(1);
      await shot(page, testInfo, 'dewarp-view-turned');

      // Spec 4: switching dewarp off, then on, under low bandwidth restarts play each time.
      await stage.expectPlaying(camera.name, 'lowbandwidth');
      const perspectiveSessions = sessions;
      const perspectiveSockets = sockets;
      await chooseDewarp(tile, 'Off');
      await expect(tile).not.toHaveClass(/surface-compositor/, { timeout: 20_000 });
      // Off asks a smaller picture than the magnified Perspective view: a session of its own.
      await expect.poll(() => sessions, { timeout: 20_000 }).toBeGreaterThan(perspectiveSessions);
      await expect.poll(() => sockets, { timeout: 20_000 }).toBeGreaterThan(perspectiveSockets);
      await stage.expectPlaying(camera.name, 'lowbandwidth');
      // Back to Perspective: play restarts again (a new socket), on the Perspective-sized session.
      const offSockets = sockets;
      await chooseDewarp(tile, 'Perspective');
      await expect(tile).toHaveClass(/surface-compositor/, { timeout: 20_000 });
      await expect.poll(() => sockets, { timeout: 20_000 }).toBeGreaterThan(offSockets);
      await stage.expectPlaying(camera.name, 'lowbandwidth');
    });
  });
});

test.describe(() => {
  test.skip(({ hasTouch }) => !hasTouch, 'finger gestures: the phone');

  test('by touch: two fingers zoom a perspective tile in and out, and one finger turns it', async ({ page, context }, testInfo) => {
    const stage = new StagePage(page);
    const camera = suite.cameras.find((c) => c.name === suite.second)!;
    const tile = stage.tile(camera.name);
    await stage.dragCamera(camera.name, 0.5, 0.5);
    await expect.poll(() => stage.locallySavedCameras()).toBe(1);
    await withPerspectiveTile(page, camera, async () => {
      const zoom = tile.getByTestId('tile-zoom');
      await expect(zoom).toHaveText('50%');
      const percent = async () => Number.parseInt((await zoom.textContent())!, 10);

      // Spreading zooms in by whole wheel steps of 5 %; closing zooms out again. Neither moves the tile.
      const placed = await tile.boundingBox();
      await stage.pinch(camera.name, 40, 140);
      await expect.poll(percent).toBeGreaterThan(50);
      const zoomedIn = await percent();
      expect(zoomedIn % 5).toBe(0);
      await stage.pinch(camera.name, 140, 40);
      await expect.poll(percent).toBeLessThan(zoomedIn);
      expect(await tile.boundingBox()).toEqual(placed);

      // A finger dragged across the picture turns the view.
      await expectTurnedBy(context, tile, (from, to) => Touch.gesture(page, (touch) => touch.drag(from, to)));
      await expect(stage.tiles).toHaveCount(1);
      expect(await tile.boundingBox()).toEqual(placed);
      await shot(page, testInfo, 'dewarp-view-turned-by-touch');
    });
  });
});
