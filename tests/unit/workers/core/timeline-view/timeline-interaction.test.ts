import { describe, expect, it } from 'vitest';
import { TimelineInteraction, type TimelineOutcome } from '../../../../../workers/core/timeline-view/timeline-interaction';
import { DEFAULT_COARSE_INDEX } from '../../../../../workers/core/timeline-view/timeline-scales';

const NOW = 1_700_000_000_000;
const WIDTH = 1000;

/** A timeline in playback at the default coarse scale (600 ms/px), playhead an hour back. */
function playback(): TimelineInteraction {
  const timeline = new TimelineInteraction();
  timeline.resize(WIDTH);
  timeline.setPlayhead(NOW - 3_600_000, false, NOW);
  return timeline;
}

const seeks = (outcomes: TimelineOutcome[]) => outcomes.filter((o) => o.type === 'seek');

describe('timeline interaction', () => {
  it('switches to playback at the coarse scale nearest the live zoom, with a fine window', () => {
    const timeline = new TimelineInteraction();
    timeline.resize(WIDTH);
    expect(timeline.setPlayhead(0, true, NOW)).toEqual([]);
    expect(timeline.fine).toBeNull();
    const out = timeline.setPlayhead(NOW - 3_600_000, false, NOW);
    expect(out).toContainEqual({ type: 'scale', scale: { mode: 'playback', index: DEFAULT_COARSE_INDEX } });
    expect(out).toContainEqual({ type: 'fine', fine: { startMs: NOW - 3_630_000, stopMs: NOW - 3_570_000 } });
    expect(timeline.setPlayhead(0, true, NOW)).toContainEqual({ type: 'fine', fine: null });
  });

  it('coarse drag: one pixel is one pixel of time, right goes back', () => {
    const timeline = playback();
    timeline.pointerDown(100, NOW);
    expect(timeline.pointerMove(102, NOW)).toEqual([]); // within the click slop
    const out = timeline.pointerMove(200, NOW);
    expect(seeks(out)).toEqual([{ type: 'seek', timeMs: NOW - 3_600_000 - 60_000, source: 'coarse' }]);
    // The fine window re-centres on the playhead that left it.
    expect(out).toContainEqual({ type: 'fine', fine: { startMs: NOW - 3_690_000, stopMs: NOW - 3_630_000 } });
    expect(timeline.pointerUp(200, NOW)).toEqual([]);
  });

  it('fine drag moves ten times slower', () => {
    const timeline = playback();
    timeline.pointerDown(500, NOW); // the needle, inside the fine window
    expect(seeks(timeline.pointerMove(510, NOW))).toEqual([{ type: 'seek', timeMs: NOW - 3_600_000 - 600, source: 'fine' }]);
  });

  it('caps dragging toward the future at now', () => {
    const timeline = playback();
    timeline.pointerDown(100, NOW);
    expect(seeks(timeline.pointerMove(-20_000, NOW))).toEqual([{ type: 'seek', timeMs: NOW, source: 'coarse' }]);
  });

  it('a click inside the fine window is a fine click, elsewhere it moves the needle', () => {
    const timeline = playback();
    timeline.pointerDown(520, NOW);
    expect(seeks(timeline.pointerUp(520, NOW))).toEqual([{ type: 'seek', timeMs: NOW - 3_600_000 + 12_000, source: 'fine-click' }]);
    const other = playback();
    other.pointerDown(100, NOW);
    expect(seeks(other.pointerUp(100, NOW))).toEqual([{ type: 'seek', timeMs: NOW - 3_600_000 - 240_000, source: 'needle' }]);
  });

  it('goes live on the live label and on a click right of now', () => {
    const timeline = playback();
    timeline.pointerDown(WIDTH - 10, NOW);
    expect(timeline.pointerUp(WIDTH - 10, NOW)[0]).toEqual({ type: 'live' });
    expect(timeline.live).toBe(true);
    // Live: now is the middle; right of it is the future.
    timeline.pointerDown(700, NOW);
    expect(timeline.pointerUp(700, NOW)[0]).toEqual({ type: 'live' });
  });

  it('a click left of now in live mode plays that time back', () => {
    const timeline = new TimelineInteraction();
    timeline.resize(WIDTH);
    timeline.setPlayhead(0, true, NOW);
    timeline.pointerDown(250, NOW);
    const out = timeline.pointerUp(250, NOW);
    expect(seeks(out)).toEqual([{ type: 'seek', timeMs: NOW - 120_000, source: 'needle' }]);
    expect(timeline.scale.mode).toBe('playback');
  });

  it('resizing the fine window brings the playhead inside it (fine-resize)', () => {
    const timeline = playback();
    // The fine window spans x 450..550; drag its right handle to x 470 (the needle is at 500).
    timeline.pointerDown(550, NOW);
    const out = timeline.pointerMove(470, NOW);
    expect(out).toContainEqual({ type: 'fine', fine: { startMs: NOW - 3_630_000, stopMs: NOW - 3_618_000 } });
    expect(seeks(out)).toEqual([{ type: 'seek', timeMs: NOW - 3_618_000, source: 'fine-resize' }]);
  });

  it('keeps the fine window at least 17 px wide when a handle is dragged over the other', () => {
    const timeline = playback();
    timeline.pointerDown(550, NOW);
    timeline.pointerMove(300, NOW);
    expect(timeline.fine!.stopMs - timeline.fine!.startMs).toBe(10_200);
  });

  it('zooms with the wheel at most once per 400 ms', () => {
    const timeline = playback();
    expect(timeline.wheel(100, NOW)).toEqual([{ type: 'scale', scale: { mode: 'playback', index: DEFAULT_COARSE_INDEX - 1 } }]);
    expect(timeline.wheel(100, NOW + 399)).toEqual([]);
    expect(timeline.wheel(-100, NOW + 400)).toEqual([{ type: 'scale', scale: { mode: 'playback', index: DEFAULT_COARSE_INDEX } }]);
  });

  it('zooms with a pinch at most once per 350 ms, after a clear spread', () => {
    const timeline = playback();
    timeline.pinchStart();
    expect(timeline.pinch(1.1, NOW)).toEqual([]);
    expect(timeline.pinch(0.7, NOW)).toEqual([{ type: 'scale', scale: { mode: 'playback', index: DEFAULT_COARSE_INDEX - 1 } }]);
    expect(timeline.pinch(0.3, NOW + 300)).toEqual([]);
    expect(timeline.pinch(0.3, NOW + 350)).toHaveLength(1);
  });

  it('ignores the main thread playhead while the user drags', () => {
    const timeline = playback();
    timeline.pointerDown(100, NOW);
    timeline.pointerMove(200, NOW);
    timeline.setPlayhead(NOW - 10, false, NOW);
    expect(timeline.playheadMs).toBe(NOW - 3_660_000);
  });
});
