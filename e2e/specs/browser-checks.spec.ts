/** The sign-in entry checks in a real browser: blocked web storage, missing WebSockets, missing WebRTC. */
import { shot } from '../fixtures/shots';
import { expect, test } from '../fixtures/test';

test('blocked web storage shows the incognito screen', async ({ page, baseUrl, signInPage }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto(`${baseUrl}/#/sign-in`);
  await expect(page.getByTestId('incognito-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Web storage is not available' })).toBeVisible();
  await expect(signInPage.username).toHaveCount(0);
});

test('a browser without WebSocket shows the unsupported-ws screen', async ({ page, baseUrl }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { WebSocket?: unknown }).WebSocket;
  });
  await page.goto(`${baseUrl}/#/sign-in`);
  await expect(page.getByTestId('unsupported-ws-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'WebSockets are not supported' })).toBeVisible();
});

test('without WebRTC a desktop gets the old-browser screen; a phone goes on in low-bandwidth mode', async ({
  page,
  baseUrl,
  signInPage,
}, testInfo) => {
  await page.addInitScript(() => {
    delete (window as unknown as { RTCPeerConnection?: unknown }).RTCPeerConnection;
  });
  await page.goto(`${baseUrl}/#/sign-in`);
  if (testInfo.project.name === 'mobile') {
    await expect(signInPage.username).toBeVisible();
  } else {
    await expect(page.getByTestId('old-browser-screen')).toBeVisible();
    await shot(page, testInfo, 'old-browser');
    await page.getByRole('button', { name: 'Continue in compatibility mode' }).click();
    await expect(signInPage.username).toBeVisible();
  }
  await expect(signInPage.lowBandwidth).toBeChecked();
  // The choice is remembered: the warning does not come back.
  await page.reload();
  await expect(signInPage.username).toBeVisible();
});
