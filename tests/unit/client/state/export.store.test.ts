import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../../src/api/http-error';
import type { ExportRequest } from '../../../../src/api/export-api';
import type { ExportTarget } from '../../../../src/core/export/export-targets';
import type { DewarpPageRequest } from '../../../../src/media/export/dewarp-page-download';
import { createExportStore, EXPORT_ALERT_DELAY_MS } from '../../../../src/state/export.store';

const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);
const target: ExportTarget = { cameraId: 'c1', cameraName: 'Gate', streamId: 's1', server: 'srv-1', choices: ['mkv', 'mov'], dewarp: null };
const range = { startMs: NOW - 30_000, stopMs: NOW - 10_000 };

interface RigOptions {
  check?: (request: ExportRequest) => Promise<void>;
  opens?: boolean;
  offsetMs?: number;
  /** Offsets by server; wins over offsetMs. */
  offsets?: Record<string, number>;
  fine?: { startMs: number; stopMs: number } | null;
}

function rig(options: RigOptions = {}) {
  const timers: Array<{ run: () => void; delayMs: number }> = [];
  const opened: string[] = [];
  const pages: DewarpPageRequest[] = [];
  const checked: ExportRequest[] = [];
  const store = createExportStore({
    api: {
      check: (request) => {
        checked.push(request);
        return options.check ? options.check(request) : Promise.resolve();
      },
      downloadUrl: async (request) => `/service/streams/${request.streamId}/export?format=${request.format}&ticket=t`,
    },
    openWindow: (url) => {
      opened.push(url);
      return options.opens ?? true;
    },
    saveDewarpPage: async (request) => void pages.push(request),
    clockOffsetMs: (server) => (server !== undefined ? options.offsets?.[server] : undefined) ?? options.offsetMs ?? 0,
    fine: () => options.fine ?? null,
    now: () => NOW,
    setTimer: (run, delayMs) => timers.push({ run, delayMs }),
  });
  return { store, timers, opened, checked, pages };
}

describe('export flow', () => {
  it('opens on the last minute when live, with no pair busy', () => {
    const { store } = rig();
    store.actions.open();
    expect(store.state.open).toBe(true);
    expect(store.state.initial).toEqual({ startMs: NOW - 60_000, stopMs: NOW });
  });

  it("opens on the timeline's fine window in playback (the selection)", () => {
    const { store } = rig({ fine: { startMs: NOW - 90_000, stopMs: NOW - 30_000 } });
    store.actions.open();
    expect(store.state.initial).toEqual({ startMs: NOW - 90_000, stopMs: NOW - 30_000 });
  });

  it('checks with HEAD, then opens the ticketed download in a new window; the pair is preparing until then', async () => {
    let answer!: () => void;
    const { store, opened, checked } = rig({ check: () => new Promise<void>((resolve) => (answer = resolve)) });
    store.actions.open();
    const running = store.actions.exportPair(target, 'mov', range);
    expect(store.state.pairs['c1:mov']).toEqual({ status: 'preparing' });
    expect(opened).toEqual([]);
    answer();
    await running;
    expect(checked).toEqual([{ streamId: 's1', server: 'srv-1', startMs: range.startMs, stopMs: range.stopMs, format: 'mov' }]);
    expect(opened).toEqual(['/service/streams/s1/export?format=mov&ticket=t']);
    expect(store.state.pairs['c1:mov']).toBeUndefined();
  });

  it('builds the html dewarp page from the mov export instead of opening a window', async () => {
    const { store, opened, pages, checked } = rig();
    const fisheye: ExportTarget = { ...target, choices: ['mkv', 'mov', 'html-dewarp'], dewarp: { enable: true, defaultMode: 'panorama' } };
    await store.actions.exportPair(fisheye, 'html-dewarp', range);
    expect(checked[0]?.format).toBe('mov');
    expect(opened).toEqual([]);
    expect(pages).toEqual([{ url: '/service/streams/s1/export?format=mov&ticket=t', cameraName: 'Gate', config: fisheye.dewarp }]);
    expect(store.state.pairs['c1:html-dewarp']).toBeUndefined();
  });

  it('sends the range on the server clock', async () => {
    const { store, checked } = rig({ offsetMs: 7_000 });
    await store.actions.exportPair(target, 'mkv', range);
    expect(checked[0]).toMatchObject({ startMs: range.startMs + 7_000, stopMs: range.stopMs + 7_000, format: 'mkv' });
  });

  it("sends each camera's range on its own server's clock", async () => {
    const { store, checked } = rig({ offsets: { 'srv-1': 0, 'srv-2': 120_000 } });
    const ahead: ExportTarget = { ...target, cameraId: 'c2', streamId: 's2', server: 'srv-2' };
    await store.actions.exportPair(target, 'mkv', range);
    await store.actions.exportPair(ahead, 'mkv', range);
    expect(checked.map(({ server, startMs, stopMs }) => ({ server, startMs, stopMs }))).toEqual([
      { server: 'srv-1', startMs: range.startMs, stopMs: range.stopMs },
      { server: 'srv-2', startMs: range.startMs + 120_000, stopMs: range.stopMs + 120_000 },
    ]);
  });

  it("alerts a 404 as 'no archives' 500 ms later and keeps that pair (only) disabled", async () => {
    const { store, timers, opened } = rig({ check: () => Promise.reject(new HttpError(404, 'no-archives', 'no archives in the region')) });
    await store.actions.exportPair(target, 'mkv', range);
    expect(opened).toEqual([]);
    expect(timers.map((timer) => timer.delayMs)).toEqual([EXPORT_ALERT_DELAY_MS]);
    expect(store.state.pairs['c1:mkv']).toEqual({ status: 'preparing' });
    timers[0]!.run();
    expect(store.state.pairs['c1:mkv']).toEqual({ status: 'failed', failure: 'no-archives' });
    expect(store.state.pairs['c1:mov']).toBeUndefined();
  });

  it('alerts any other failure as an export error, and a blocked window as such', async () => {
    const failing = rig({ check: () => Promise.reject(new HttpError(500, 'export-failed', null)) });
    await failing.store.actions.exportPair(target, 'mkv', range);
    failing.timers[0]!.run();
    expect(failing.store.state.pairs['c1:mkv']).toEqual({ status: 'failed', failure: 'failed' });

    const blocked = rig({ opens: false });
    await blocked.store.actions.exportPair(target, 'mkv', range);
    blocked.timers[0]!.run();
    expect(blocked.store.state.pairs['c1:mkv']).toEqual({ status: 'failed', failure: 'window-blocked' });
  });

  it('forgets failures when the range changes, and drops an answer that arrives after', async () => {
    const { store, timers } = rig({ check: () => Promise.reject(new HttpError(404, null, null)) });
    await store.actions.exportPair(target, 'mkv', range);
    store.actions.rangeChanged();
    timers[0]!.run();
    expect(store.state.pairs).toEqual({});

    await store.actions.exportPair(target, 'mkv', range);
    timers[1]!.run();
    expect(store.state.pairs['c1:mkv']).toMatchObject({ status: 'failed' });
    store.actions.rangeChanged();
    expect(store.state.pairs).toEqual({});
  });

  it('ignores a second click on a pair that is preparing', async () => {
    const check = vi.fn(() => new Promise<void>(() => undefined));
    const { store } = rig({ check });
    void store.actions.exportPair(target, 'mkv', range);
    void store.actions.exportPair(target, 'mkv', range);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
