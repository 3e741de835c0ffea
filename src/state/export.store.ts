/**
 * The export dialog's state and its flow (spec 2, 4, 7, 8): whether the
 * dialog is open and the range it opened with, and per (camera, format)
 * pair whether an export is being prepared or failed.
 *
 * An export runs HEAD /service/streams/{id}/export first (archives there?)
 * together with asking for the download's ticket, then opens the GET in a
 * new window, where the browser saves the file: the bytes never pass
 * through this page, so a many-hour export costs the page no memory. The
 * html dewarp page is the exception: it is built here from the mov export's
 * bytes (media/export/dewarp-page-download). The pair shows "preparing"
 * from the click until the window opens (or the page is saved). A 404 is
 * 'no archives in the region', anything else 'error occurred while
 * exporting video'; either is shown 500 ms later (spec 8) and disables that
 * pair's button until the range changes. Times are sent on the camera's
 * server's clock (spec 7: adjusted by that server's time offset,
 * src/state/server-offsets.ts).
 *
 * No React; `createExportStore` takes the API, the window opener and the
 * timers, so tests run the flow without a browser or a recorder.
 */
import { proxy } from 'valtio/vanilla';
import type { ExportFormat } from '../../server/shared/api';
import { exportApi, type ExportRequest } from '../api/export-api';
import { isHttpError } from '../api/http-error';
import { initialExportRange, type ExportRange } from '../core/export/export-range';
import { pairKey, type ExportChoice, type ExportTarget } from '../core/export/export-targets';
import type { DewarpPageRequest } from '../media/export/dewarp-page-download';
import { toServerTime } from '../core/clock/server-clock-offsets';
import { serverOffsetMs } from './server-offsets';
import { timelineState } from './timeline.store';

/** Spec 8: export errors are alerted this long after they happen. */
export const EXPORT_ALERT_DELAY_MS = 500;

export type ExportFailure = 'no-archives' | 'failed' | 'window-blocked';
export type ExportPair = { status: 'preparing' } | { status: 'failed'; failure: ExportFailure };

export interface ExportState {
  open: boolean;
  /** The range the dialog opened with (the fine window, or the last minute). */
  initial: ExportRange;
  /** Pairs being prepared or failed, by `pairKey`; a pair not here is ready. */
  pairs: Record<string, ExportPair>;
}

export interface ExportStoreDeps {
  api?: Pick<typeof exportApi, 'check' | 'downloadUrl'>;
  /** Opens the download in a new window; false when the browser blocked it. */
  openWindow?: (url: string) => boolean;
  /** Builds and saves the html dewarp page from the mov export's address. */
  saveDewarpPage?: (request: DewarpPageRequest) => Promise<void>;
  /** The clock of a camera's server (its orchidId) minus the local clock, ms. */
  clockOffsetMs?: (server?: string) => number;
  fine?: () => ExportRange | null;
  now?: () => number;
  setTimer?: (run: () => void, delayMs: number) => void;
}

function openInNewWindow(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  // The download needs nothing from this page; cut the back reference (noopener would hide whether it opened).
  opened.opener = null;
  return true;
}

export function failureOf(error: unknown): ExportFailure {
  return isHttpError(error) && error.status === 404 ? 'no-archives' : 'failed';
}

export function createExportStore(deps: ExportStoreDeps = {}) {
  const api = deps.api ?? exportApi;
  const openWindow = deps.openWindow ?? openInNewWindow;
  // Loaded on first use: the page builder carries the shaders and the dewarp math, which only this format needs.
  const saveDewarpPage =
    deps.saveDewarpPage ?? (async (request: DewarpPageRequest) => (await import('../media/export/dewarp-page-download')).downloadDewarpPage(request));
  const clockOffsetMs = deps.clockOffsetMs ?? serverOffsetMs;
  const fine = deps.fine ?? (() => timelineState.fine);
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((run, delayMs) => void setTimeout(run, delayMs));

  const state = proxy<ExportState>({ open: false, initial: initialExportRange(null, now()), pairs: {} });
  /** Bumped on every range change and opening, so an answer for an older range changes nothing. */
  let generation = 0;

  const actions = {
    /** Opens the dialog on the timeline's selection, or the last minute when it has none (live). */
    open(): void {
      generation++;
      state.initial = initialExportRange(fine(), now());
      state.pairs = {};
      state.open = true;
    },

    close(): void {
      generation++;
      state.open = false;
      state.pairs = {};
    },

    /** The user changed the range: earlier failures were about the old one. */
    rangeChanged(): void {
      generation++;
      state.pairs = {};
    },

    /** Exports one camera in one format; the caller has checked the range. */
    async exportPair(target: ExportTarget, choice: ExportChoice, range: ExportRange): Promise<void> {
      const key = pairKey(target.cameraId, choice);
      if (state.pairs[key]) return;
      // The html dewarp page embeds a mov: Chromium's <video> plays it, not Matroska (see media/export/dewarp-page).
      const format: ExportFormat = choice === 'mkv' ? 'mkv' : 'mov';
      const offset = clockOffsetMs(target.server);
      const request: ExportRequest = {
        streamId: target.streamId,
        server: target.server,
        startMs: toServerTime(range.startMs, offset),
        stopMs: toServerTime(range.stopMs, offset),
        format,
      };
      const mine = generation;
      state.pairs[key] = { status: 'preparing' };
      let failure: ExportFailure | null = null;
      try {
        const [, url] = await Promise.all([api.check(request), api.downloadUrl(request)]);
        if (mine !== generation) return;
        if (choice === 'html-dewarp' && target.dewarp) {
          await saveDewarpPage({ url, cameraName: target.cameraName, config: target.dewarp });
        } else if (!openWindow(url)) {
          failure = 'window-blocked';
        }
      } catch (error) {
        failure = failureOf(error);
      }
      if (mine !== generation) return;
      if (failure === null) {
        delete state.pairs[key];
        return;
      }
      const failed = failure;
      setTimer(() => {
        if (mine === generation) state.pairs[key] = { status: 'failed', failure: failed };
      }, EXPORT_ALERT_DELAY_MS);
    },
  };

  return { state, actions };
}

export type ExportStore = ReturnType<typeof createExportStore>;

export const exportStore: ExportStore = createExportStore();
export const exportState = exportStore.state;
export const exportActions = exportStore.actions;
