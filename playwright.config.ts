/**
 * End-to-end tests: a real recorder (started by e2e/global-setup.ts on free
 * ports with a temp data folder) serving the built client (`npm run build`
 * first; `npm test` does), driven through Debian's Chromium. Two projects: a
 * desktop and a phone viewport; the phone leaves out the tests tagged
 * ANY_VIEWPORT (e2e/fixtures/viewport-tags.ts). One worker: the tests share
 * one recorder.
 */
import { defineConfig, devices } from '@playwright/test';
import { ANY_VIEWPORT_TAG } from './e2e/fixtures/viewport-tags';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';


export default defineConfig({
  testDir: 'e2e/specs',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and its screenshot, but no
    // filmstrip: the trace's screencast encodes every frame the page paints, and on the video pages of the
    // stage that cost a quarter of the run's time on two cores (stage.spec: 56-64 s with it, 43-47 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'mobile',
      grepInvert: new RegExp(ANY_VIEWPORT_TAG),
      use: {
        userAgent: devices['Pixel 7'].userAgent,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
