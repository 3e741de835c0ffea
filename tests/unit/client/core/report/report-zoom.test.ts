import { describe, expect, it } from 'vitest';
import { canZoomIn, initialZoom, isZoomed, listedSpan, MIN_ZOOM_SPAN_MS, resetZoom, select, zoomIn } from '../../../../../src/core/report/report-zoom';
import { t } from '../../../../../src/i18n/translate';

const HOUR_MS = 3_600_000;
const REPORT = { startMs: 0, stopMs: 24 * HOUR_MS };

describe('events chart zoom', () => {
  it('starts on the report range with nothing selected; the table lists the whole range', () => {
    const state = initialZoom(REPORT);
    expect(state.view).toEqual(REPORT);
    expect(state.selection).toBeNull();
    expect(listedSpan(state)).toEqual(REPORT);
    expect(canZoomIn(state)).toBe(false);
    expect(isZoomed(state)).toBe(false);
  });

  it('lists the selected span, clipped to what the chart shows; an empty span clears the selection', () => {
    const state = select(initialZoom(REPORT), { startMs: 2 * HOUR_MS, stopMs: 3 * HOUR_MS });
    expect(listedSpan(state)).toEqual({ startMs: 2 * HOUR_MS, stopMs: 3 * HOUR_MS });
    expect(canZoomIn(state)).toBe(true);
    expect(select(state, { startMs: -HOUR_MS, stopMs: HOUR_MS }).selection).toEqual({ startMs: 0, stopMs: HOUR_MS });
    expect(select(state, null).selection).toBeNull();
    expect(select(state, { startMs: 30 * HOUR_MS, stopMs: 31 * HOUR_MS }).selection).toBeNull();
  });

  it('zooms in to a selection over 60 s, then lists all of it until something else is selected', () => {
    const selected = select(initialZoom(REPORT), { startMs: HOUR_MS, stopMs: HOUR_MS + MIN_ZOOM_SPAN_MS + 1 });
    const { state, error } = zoomIn(selected);
    expect(error).toBeNull();
    expect(state.view).toEqual({ startMs: HOUR_MS, stopMs: HOUR_MS + MIN_ZOOM_SPAN_MS + 1 });
    expect(state.selection).toBeNull();
    expect(isZoomed(state)).toBe(true);
    expect(listedSpan(state)).toEqual(state.view);
  });

  it("refuses a selection of 60 s or less with 'cannotZoomInFurther', keeping the state", () => {
    const selected = select(initialZoom(REPORT), { startMs: HOUR_MS, stopMs: HOUR_MS + MIN_ZOOM_SPAN_MS });
    const result = zoomIn(selected);
    expect(result.error).toBe('cannotZoomInFurther');
    expect(result.state).toBe(selected);
    expect(zoomIn(initialZoom(REPORT)).error).toBe('cannotZoomInFurther');
    expect(t(`report.${result.error!}`)).toBe('Cannot zoom in further.');
  });

  it('resets to the report range with nothing selected', () => {
    const zoomed = zoomIn(select(initialZoom(REPORT), { startMs: HOUR_MS, stopMs: 2 * HOUR_MS })).state;
    const again = select(zoomed, { startMs: HOUR_MS, stopMs: HOUR_MS + 10 * 60_000 });
    expect(resetZoom(again)).toEqual(initialZoom(REPORT));
  });
});
