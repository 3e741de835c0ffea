import { describe, expect, it } from 'vitest';
import type { TimelineDrawer, TimelineFrame } from '../../../../../workers/core/timeline-view/timeline-frame';
import type { TimelineOutcome } from '../../../../../workers/core/timeline-view/timeline-interaction';
import { TimelineView } from '../../../../../workers/core/timeline-view/timeline-view';
import { tickLabel } from '../../../../../workers/core/timeline-view/tick-labels';

const NOW = 1_700_000_000_000;

function rig() {
  const scheduled: (() => void)[] = [];
  const outcomes: TimelineOutcome[][] = [];
  const frames: TimelineFrame[] = [];
  let lost = false;
  const drawer: TimelineDrawer = {
    draw: (frame) => {
      if (lost) return false;
      frames.push({ ...frame, range: { ...frame.range } });
      return true;
    },
    resize: () => undefined,
    destroy: () => undefined,
  };
  let tick = 0;
  const view = new TimelineView({ now: () => NOW, schedule: (callback) => scheduled.push(callback), onOutcomes: (o) => outcomes.push(o), tick: () => tick++ });
  view.attach(drawer);
  view.resize(1000, 52, 1);
  const runFrame = () => scheduled.splice(0).forEach((callback) => callback());
  return { view, frames, outcomes, runFrame, setLost: (value: boolean) => (lost = value) };
}

describe('the timeline view core', () => {
  it('draws once per frame however many changes came, and not at all without one', () => {
    const { view, frames, runFrame } = rig();
    view.setPlayhead(0, true);
    view.setPlayhead(0, true);
    runFrame();
    expect(frames).toHaveLength(1);
    runFrame();
    expect(frames).toHaveLength(1);
  });

  it('draws again after a lost context', () => {
    const { view, frames, runFrame, setLost } = rig();
    setLost(true);
    view.setPlayhead(NOW - 60_000, false);
    runFrame();
    expect(frames).toHaveLength(0);
    setLost(false);
    runFrame();
    expect(frames).toHaveLength(1);
    expect(frames[0]!.fine).not.toBeNull();
  });

  it('colours each camera by its id and keeps only the followed ones', () => {
    const { view, frames, runFrame } = rig();
    view.setTrack('o/a', 'a', { archives: new Float64Array([NOW - 10_000, NOW]) });
    view.setTrack('o/b', 'b', { motion: new Float64Array([NOW - 5_000, NOW - 4_000]) });
    view.keepTracks(['o/b']);
    runFrame();
    expect(frames[0]!.tracks.map((track) => track.key)).toEqual(['o/b']);
    expect(frames[0]!.tracks[0]!.motion).toHaveLength(2);
  });

  it('answers the data range with minSegment from the pixel width, and sends gestures out', () => {
    const { view, outcomes } = rig();
    view.setPlayhead(NOW - 3_600_000, false);
    expect(view.dataRange()).toMatchObject({ startMs: NOW - 3_900_000, endMs: NOW - 3_300_000, minSegmentMs: 1200 });
    view.wheel(1); // scrolling down zooms out: 1 min to 5 min a segment
    expect(outcomes.at(-1)).toEqual([{ type: 'scale', scale: { mode: 'playback', index: 7 } }]);
  });

  it('times the first frame after a scale change', () => {
    const { view, runFrame } = rig();
    view.setPlayhead(NOW - 3_600_000, false);
    view.wheel(1);
    runFrame();
    view.wheel(1);
    runFrame();
    const stats = view.stats();
    expect(stats.firstFrameAfterScaleAt).toBeGreaterThan(stats.scaleChangedAt);
    expect(stats.drawMs).toHaveLength(1);
    expect(stats.intervalMs).toHaveLength(0); // the second wheel turn came within 400 ms: no change, no frame
  });
});

describe('tick labels', () => {
  it('shows hours and minutes, seconds for fine steps, and the day at local midnight', () => {
    const utcNoon = Date.UTC(2026, 10, 23, 12, 5, 30);
    expect(tickLabel(utcNoon, 60_000, 0)).toBe('12:05');
    expect(tickLabel(utcNoon, 10_000, 3_600_000)).toBe('13:05:30');
    expect(tickLabel(Date.UTC(2026, 10, 23), 3_600_000, 0)).toBe('Mon 23');
  });
});
