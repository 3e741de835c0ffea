/**
 * Framing in a real browser: a page on another origin (127.0.0.2, another
 * machine as far as the browser knows) cannot show the client in a frame,
 * unless the recorder names that origin in --embed-origins, as the
 * embeddable player needs. The second recorder is started here with that
 * option; the shared one has none.
 */
import type { Frame, Page } from '@playwright/test';
import http from 'node:http';
import { freePort } from '../../tests/integration/helpers/free-port';
import { startRecorder, type RecorderProcess } from '../../tests/integration/helpers/recorder-process';
import { expect, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';

let embedder: http.Server;
let embedderOrigin: string;
let embeddable: RecorderProcess;

/** The embedding site's page: one frame showing the recorder named in ?src=. */
function embeddingPage(src: string): string {
  return `<!doctype html><html><body><iframe id="player" src="${src}" width="900" height="600"></iframe></body></html>`;
}

test.beforeAll(async () => {
  const port = await freePort();
  embedderOrigin = `http://127.0.0.2:${port}`;
  embedder = http.createServer((request, response) => {
    const src = new URL(request.url ?? '/', embedderOrigin).searchParams.get('src') ?? '';
    if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(src)) {
      response.writeHead(204).end(); // the browser's favicon request, or a stray one
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(embeddingPage(`${src}#/sign-in`));
  });
  await new Promise<void>((resolve) => embedder.listen(port, '127.0.0.2', resolve));
  embeddable = await startRecorder({ extraArgs: ['--host', '127.0.0.1', '--embed-origins', embedderOrigin] });
});

test.afterAll(async () => {
  embedder?.close();
  await embeddable?.stop();
});

/** The frame of the embedding page once it has loaded (goto waits for the frame's load too). */
function playerFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('the embedding page has no frame');
  return frame;
}

test('another site cannot frame the client by default', ANY_VIEWPORT, async ({ page, baseUrl, errors }) => {
  errors.allow(/Refused to frame|ERR_BLOCKED_BY_RESPONSE|frame-ancestors/);
  await page.goto(`${embedderOrigin}/?src=${encodeURIComponent(`${baseUrl}/`)}`);
  const frame = playerFrame(page);
  // Chromium shows its error page in place of the refused document.
  expect(frame.url()).not.toContain(baseUrl);
  await expect(page.frameLocator('#player').locator('#root')).toHaveCount(0);
});

test('a configured embed origin frames the client, which runs inside the frame', ANY_VIEWPORT, async ({ page }) => {
  await page.goto(`${embedderOrigin}/?src=${encodeURIComponent(`${embeddable.baseUrl}/`)}`);
  expect(playerFrame(page).url()).toContain(embeddable.baseUrl);
  // The client renders its first screen in the frame (which one depends on the browser's third-party storage rules).
  await expect(page.frameLocator('#player').locator('#root > *').first()).toBeVisible({ timeout: 30_000 });
});
