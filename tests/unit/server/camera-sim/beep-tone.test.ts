import { afterEach, describe, expect, it, vi } from 'vitest';
import { AudioClock } from '../../../../server/camera-sim/audio-clock';
import { BEEP_AMPLITUDE, BEEP_MS, BeepTone, beepSamples } from '../../../../server/camera-sim/beep-tone';
import { decodeMulaw } from '../../../../server/protocols/g711';
import type { AudioFrame } from '../../../../server/protocols/audio-source';

const peak = (samples: ArrayLike<number>): number => Math.max(...Array.from(samples, (s) => Math.abs(s)));

describe('beep tone', () => {
  it('beeps at 1 kHz for the first 100 ms of every second and is silent otherwise', () => {
    const second = 1_700_000_000_000;
    const beep = beepSamples(second + 20, 160, 8000);
    expect(peak(beep)).toBeGreaterThan(BEEP_AMPLITUDE * 0.9);
    // 1 kHz at 8 kHz: one period every 8 samples.
    for (let i = 0; i + 8 < beep.length; i++) expect(beep[i + 8]).toBe(beep[i]);
    expect(peak(beepSamples(second + BEEP_MS, 160, 8000))).toBe(0);
    expect(peak(beepSamples(second + 500, 160, 8000))).toBe(0);
    // Fades in over 5 ms: the first samples of a second are quiet.
    expect(peak(beepSamples(second, 8, 8000))).toBeLessThan(BEEP_AMPLITUDE * 0.25);
  });

  it('gives µ-law frames that decode to the beep, silence as 0xff', () => {
    const tone = new BeepTone(8000, 160);
    const second = 1_700_000_000_000;
    expect(tone.frame(second + 500).every((b) => b === 0xff)).toBe(true);
    expect(peak(decodeMulaw(tone.frame(second + 40)))).toBeGreaterThan(BEEP_AMPLITUDE * 0.9);
    expect(tone.frame(second + 1040)).toBe(tone.frame(second + 40)); // cached by position in the second
  });
});

describe('AudioClock', () => {
  afterEach(() => vi.useRealTimers());

  it('sends 20 ms frames on the wall-clock grid while someone listens, catching up after a late timer', () => {
    vi.useFakeTimers({ now: 1_700_000_000_005 });
    const clock = new AudioClock();
    const frames: AudioFrame[] = [];
    const off = clock.subscribe((frame) => frames.push(frame));
    vi.advanceTimersByTime(1000);
    expect(frames.length).toBeGreaterThanOrEqual(48);
    expect(frames.every((f) => f.timeMs % 20 === 0 && f.payload.length === 160)).toBe(true);
    expect(frames.every((f, i) => i === 0 || f.timeMs - frames[i - 1]!.timeMs === 20)).toBe(true);
    // Every frame is complete when sent.
    expect(frames.at(-1)!.timeMs + 20).toBeLessThanOrEqual(Date.now());
    // A timer held up for 100 ms: the missed frames come at once, no gap in their times.
    const before = frames.length;
    vi.setSystemTime(Date.now() + 100);
    vi.advanceTimersByTime(20);
    expect(frames.length - before).toBeGreaterThanOrEqual(5);
    expect(frames.every((f, i) => i === 0 || f.timeMs - frames[i - 1]!.timeMs === 20)).toBe(true);
    off();
    const after = frames.length;
    vi.advanceTimersByTime(1000);
    expect(frames.length).toBe(after);
    expect(vi.getTimerCount()).toBe(0);
  });
});
