import { describe, expect, it } from 'vitest';
import { FrameRateMonitor, animationFrameFeed, type FrameRateState } from '../../../../workers/core/frame-rate-monitor';
import { FakeClock } from '../../helpers/fake-clock';

function setup() {
  const clock = new FakeClock();
  const monitor = new FrameRateMonitor({ clock });
  const changes: FrameRateState['level'][] = [];
  monitor.subscribe((state) => changes.push(state.level));
  /** Draws frames at `fps` for `ms`, reported in 1 ms steps. */
  const run = (fps: number, ms: number) => {
    const interval = 1000 / fps;
    let carry = 0;
    for (let t = 0; t < ms; t++) {
      carry += 1;
      while (carry >= interval) {
        monitor.frame();
        carry -= interval;
      }
      clock.advance(1);
    }
  };
  return { clock, monitor, changes, run };
}

describe('frame-rate monitor', () => {
  it('starts at an average of 60 and level normal', () => {
    const { monitor } = setup();
    monitor.start();
    expect(monitor.state).toEqual({ averageFps: 60, level: 'normal', running: true, paused: false });
  });

  it('samples every 33 ms over a 1000 ms window', () => {
    const { monitor, run } = setup();
    monitor.start();
    run(30, 1000);
    // 30 samples of 33 ms hold 29 or 30 frames.
    expect(monitor.state.averageFps).toBeGreaterThan(28);
    expect(monitor.state.averageFps).toBeLessThan(31);
    run(15, 1000);
    expect(monitor.state.averageFps).toBeGreaterThan(13);
    expect(monitor.state.averageFps).toBeLessThan(16);
  });

  it('goes critical when the average falls below 8 fps and back to normal at 10, without flapping', () => {
    const { monitor, run, changes } = setup();
    monitor.start();
    run(9, 2000);
    expect(monitor.state.level).toBe('normal');
    run(5, 2000);
    expect(monitor.state.level).toBe('critical');
    run(9, 2000);
    expect(monitor.state.level).toBe('critical');
    run(30, 2000);
    expect(monitor.state.level).toBe('normal');
    expect(changes).toEqual(['critical', 'normal']);
  });

  it('needs the window to fill before a stall counts: one slow moment is averaged away', () => {
    const { monitor, run } = setup();
    monitor.start();
    run(30, 1000);
    run(0.1, 200); // a 200 ms stall
    expect(monitor.state.level).toBe('normal');
    run(0.1, 1000);
    expect(monitor.state.level).toBe('critical');
  });

  it('takes no samples while paused and restarts from 60 on resume', () => {
    const { clock, monitor, run } = setup();
    monitor.start();
    run(2, 1500);
    expect(monitor.state.level).toBe('critical');
    monitor.pause();
    expect(clock.pending).toBe(0);
    clock.advance(10_000);
    monitor.frame(5); // ignored while paused
    monitor.resume();
    expect(monitor.state).toMatchObject({ averageFps: 60, level: 'normal', paused: false });
  });

  it('stop ends sampling and forgets the window; start is idempotent', () => {
    const { clock, monitor, run } = setup();
    monitor.start();
    monitor.start();
    expect(clock.pending).toBe(1);
    run(2, 1500);
    monitor.stop();
    expect(clock.pending).toBe(0);
    expect(monitor.state).toEqual({ averageFps: 60, level: 'normal', running: false, paused: false });
  });

  it('counts frames of an injected feed while running', () => {
    const clock = new FakeClock();
    let onFrame: (() => void) | undefined;
    let stopped = 0;
    const monitor = new FrameRateMonitor({
      clock,
      feed: (callback) => {
        onFrame = callback;
        return () => stopped++;
      },
    });
    monitor.start();
    for (let i = 0; i < 60; i++) {
      clock.advance(200);
      onFrame!(); // 5 fps
    }
    expect(monitor.state.level).toBe('critical');
    monitor.pause();
    expect(stopped).toBe(1);
  });

  it('builds a feed from requestAnimationFrame when the scope has it', () => {
    expect(animationFrameFeed({})).toBeUndefined();
    const callbacks: Array<() => void> = [];
    let cancelled = -1;
    const feed = animationFrameFeed({
      requestAnimationFrame: (cb) => callbacks.push(() => cb(0)),
      cancelAnimationFrame: (handle) => (cancelled = handle),
    })!;
    let frames = 0;
    const stop = feed(() => frames++);
    callbacks[0]!();
    callbacks[1]!();
    stop();
    expect(frames).toBe(2);
    expect(cancelled).toBe(3);
  });
});
