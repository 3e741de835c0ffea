import { describe, expect, it } from 'vitest';
import { FrameRateMonitor, type FrameFeed } from '../../../../workers/core/frame-rate-monitor';
import { FRAME_REPORT_BATCH_MS, reportFramesInBatches } from '../../../../src/core/frame-report-batcher';
import { FakeClock } from '../../helpers/fake-clock';

/** A feed driven by hand: `draw()` is one animation frame of the counted thread. */
function manualFeed() {
  let onFrame: (() => void) | undefined;
  let stops = 0;
  const feed: FrameFeed = (callback) => {
    onFrame = callback;
    return () => {
      stops++;
      onFrame = undefined;
    };
  };
  return { feed, draw: () => onFrame?.(), stops: () => stops };
}

describe('frame report batcher', () => {
  it('reports the counted frames in batches of at least 100 ms, losing none', () => {
    const clock = new FakeClock();
    const { feed, draw } = manualFeed();
    const reports: number[] = [];
    reportFramesInBatches(feed, (count) => reports.push(count), clock.now);
    // 50 frames a second, one every 20 ms, for one second.
    for (let frame = 0; frame < 50; frame++) {
      clock.advance(20);
      draw();
    }
    expect(FRAME_REPORT_BATCH_MS).toBe(100);
    expect(reports).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
  });

  it('stops the feed when stopped and reports nothing more', () => {
    const clock = new FakeClock();
    const { feed, draw, stops } = manualFeed();
    const reports: number[] = [];
    const stop = reportFramesInBatches(feed, (count) => reports.push(count), clock.now);
    stop();
    clock.advance(500);
    draw();
    expect(stops()).toBe(1);
    expect(reports).toEqual([]);
  });

  it('lets a monitor on another thread see a slow page: a thread drawing 3 frames a second goes critical, then recovers', () => {
    // The monitor's sampling clock keeps time; the counted thread draws only when it is free.
    const clock = new FakeClock();
    const monitor = new FrameRateMonitor({ clock });
    const { feed, draw } = manualFeed();
    reportFramesInBatches(feed, (count) => monitor.frame(count), clock.now);
    monitor.start();
    const drawFor = (fps: number, ms: number) => {
      for (let t = 0; t < ms; t += 1000 / fps) {
        clock.advance(1000 / fps);
        draw();
      }
    };
    drawFor(60, 2000);
    expect(monitor.state.level).toBe('normal');
    drawFor(3, 3000);
    expect(monitor.state.level).toBe('critical');
    drawFor(60, 3000);
    expect(monitor.state.level).toBe('normal');
  });
});
