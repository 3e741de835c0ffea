/**
 * The System report's events chart, selected events table and stream
 * statistics against the shared e2e recorder and the first camera of the
 * worker's stage rig (the `stageRig` fixture, registered earlier in the run
 * when another file asked for it first). The recorder's own events
 * (it started, a sign-in failed) show as server events; the camera's stream
 * coming up shows as '<camera> / <stream>'. A drag across the chart selects
 * a span and the table lists its events; Zoom in to a span over 60 s
 * narrows the chart, a span of one bucket of that zoom is refused with
 * 'Cannot zoom in further.', and Reset zoom returns to the whole range.
 * The stream statistics list the camera's stream with what it recorded.
 */
import type { Camera, ServerReport } from '../../server/shared/api';
import { shot } from '../fixtures/shots';
import { expect, signInAsAdminBeforeEach, test } from '../fixtures/test';
import { ANY_VIEWPORT } from '../fixtures/viewport-tags';
import { recorderBaseUrl } from '../recorder-env';
import { AdminApi } from '../recorder-api';
import type { StageCameras } from './stage/stage-cameras';

let rig: StageCameras | undefined;
let recorder: AdminApi;

const cam = (): Camera => rig!.cameras[0]!;
const WHEN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;
const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const report = (): Promise<ServerReport> => recorder.call<ServerReport>('GET', `/service/server/report?start=${Date.now() - DAY_MS}&stop=${Date.now() + 60_000}`);

test.beforeAll(async ({ stageRig }) => {
  test.setTimeout(180_000);
  // A failed sign-in is a server event of its own.
  const refused = await fetch(`${recorderBaseUrl()}/service/sessions/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'not-the-password', cookie: 'session', type: 'user' }),
  });
  expect(refused.ok).toBe(false);
  rig = stageRig;
  recorder = await AdminApi.signIn();
  // The stream has come up and recorded something before the screen is read.
  await expect
    .poll(async () => {
      const answer = await report();
      const stream = answer.cameras.find((camera) => camera.id === cam().id)?.streams[0];
      return Boolean(stream && stream.bytesRecorded > 0 && answer.streamEvents.some((event) => event.streamId === stream.id));
    }, { timeout: 120_000 })
    .toBe(true);
});

signInAsAdminBeforeEach();

test.describe.configure({ mode: 'serial' });

test.describe('system report: events and stream statistics', ANY_VIEWPORT, () => {
  test('lists server and stream events, and the stream statistics of the last 24 hours', async ({ page, baseUrl }, testInfo) => {
    await page.goto(`${baseUrl}/#/system-report`);
    const range = page.getByRole('region', { name: 'Range', exact: true });
    await expect(range.getByRole('button', { name: 'Refresh' })).toBeEnabled();

    const events = page.getByRole('region', { name: 'Server events' });
    const chart = events.getByRole('group', { name: /^Server events chart/ });
    await expect(chart).toBeVisible();
    // Every bucket says how many events it holds; some hold at least one.
    const titles = await chart.locator('title').allTextContents();
    expect(titles.length).toBeGreaterThan(1);
    expect(titles.every((title) => / \d+ events? \(\d+ server, \d+ stream\)$/.test(title))).toBe(true);
    expect(titles.some((title) => !/: 0 events/.test(title))).toBe(true);

    const table = events.getByRole('table', { name: /Selected events/ });
    await expect(table.getByRole('columnheader')).toHaveText(['What', 'Where', 'When']);
    await expect(table.getByRole('row', { name: /Server started Server/ }).first()).toBeVisible();
    await expect(table.getByRole('row', { name: /Sign-in failed Server/ }).first()).toBeVisible();
    const streamName = cam().streams[0]!.name;
    await expect(table.getByRole('row', { name: new RegExp(literally(`${cam().name} / ${streamName}`)) }).first()).toBeVisible();
    for (const when of await table.locator('tbody td:nth-child(3)').allTextContents()) expect(when).toMatch(WHEN);

    const stats = page.getByRole('region', { name: 'Stream statistics' });
    const statsTable = stats.getByRole('table');
    await expect(statsTable.getByRole('columnheader')).toHaveText(['Camera', 'Stream', 'MB recorded', 'Video recorded', 'Motion recorded']);
    const row = statsTable.getByRole('row', { name: new RegExp(`^${literally(`${cam().name} ${streamName}`)} `) });
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+\.\d$/);
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d+:\d{2}:\d{2}$/);
    await expect(row.getByRole('cell').nth(3)).not.toHaveText('0:00:00');
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d+:\d{2}:\d{2}$/);
    await shot(page, testInfo, 'system-report-events');
  });

  test('a drag selects a span; zoom in needs over 60 s; reset returns to the whole range', async ({ page, baseUrl }, testInfo) => {
    await page.goto(`${baseUrl}/#/system-report`);
    const events = page.getByRole('region', { name: 'Server events' });
    const chart = events.getByRole('group', { name: /^Server events chart/ });
    await expect(chart).toBeVisible();
    const showing = events.getByText(/^Showing /);
    const wholeRange = await showing.textContent();
    const table = events.getByRole('table', { name: /Selected events/ });
    const allRows = await table.locator('tbody tr').count();

    // This file's events happened in the last minutes of the 24 hours: the last tenth of the chart holds them.
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(events.getByText(/^Selected \d{4}-/).first()).toBeVisible();
    await expect(events.getByTestId('events-chart-selection')).toBeVisible();
    await expect(table.getByRole('row', { name: /Sign-in failed Server/ }).first()).toBeVisible();
    expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(allRows);

    // A tenth of 24 hours is far over 60 s.
    await events.getByRole('button', { name: 'Zoom in' }).click();
    await expect(events.getByRole('alert')).toHaveCount(0);
    await expect(showing).not.toHaveText(wholeRange!);
    await expect(events.getByRole('button', { name: 'Reset zoom' })).toBeEnabled();

    // Zooming into the last bucket again and again: its span shrinks about a hundredfold each time
    // (2.4 h, then minutes, then seconds), so within three zooms it is 60 s or less and refused.
    for (let zoom = 0; zoom < 4 && (await events.getByRole('alert').count()) === 0; zoom++) {
      await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
      await expect(events.getByText(/^Selected \d{4}-/).first()).toBeVisible();
      await events.getByRole('button', { name: 'Zoom in' }).click();
    }
    await expect(events.getByRole('alert')).toHaveText('Cannot zoom in further.');
    await shot(page, testInfo, 'system-report-cannot-zoom');

    await events.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(showing).toHaveText(wholeRange!);
    await expect(events.getByRole('alert')).toHaveCount(0);
    await expect(table.locator('tbody tr')).toHaveCount(allRows);
  });

  test('from after to is refused', async ({ page, baseUrl }) => {
    await page.goto(`${baseUrl}/#/system-report`);
    const range = page.getByRole('region', { name: 'Range', exact: true });
    await range.getByLabel('From').fill('2026-01-02T10:00');
    await range.getByLabel('To').fill('2026-01-01T10:00');
    await expect(range.getByRole('alert')).toHaveText('from cannot be > to');
    await expect(range.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });
});
