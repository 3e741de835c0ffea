import { describe, expect, it } from 'vitest';
import {
  IDENTITY_VIEW,
  clampView,
  digitalTexRect,
  digitalZoomSteps,
  nextZoomStep,
  panBy,
  pinchSteps,
  pinchZoom,
  zoomAt,
  zoomPercent,
} from '../../../../workers/core/digital-zoom';

describe('digital zoom steps', () => {
  it('has 33 geometric steps from 1 to 20', () => {
    const steps = digitalZoomSteps();
    expect(steps).toHaveLength(33);
    expect(steps[0]).toBe(1);
    expect(steps[32]).toBe(20);
    const ratios = steps.slice(1).map((s, i) => s / steps[i]!);
    for (const ratio of ratios) expect(ratio).toBeCloseTo(20 ** (1 / 32), 10);
  });

  it('steps up and down from any scale, stopping at the ends', () => {
    const steps = digitalZoomSteps();
    expect(nextZoomStep(1, 1)).toBe(steps[1]);
    expect(nextZoomStep(steps[5]!, -1)).toBe(steps[4]);
    expect(nextZoomStep(1.05, 1)).toBe(steps[1]); // between steps 0 and 1
    expect(nextZoomStep(20, 1)).toBe(20);
    expect(nextZoomStep(1, -1)).toBe(1);
  });

  it('pinches by 10 % within 1-20 and shows a percentage', () => {
    expect(pinchZoom(2, 1)).toBeCloseTo(2.2);
    expect(pinchZoom(2.2, -1)).toBeCloseTo(2);
    expect(pinchZoom(1, -1)).toBe(1);
    expect(pinchZoom(19, 1)).toBe(20);
    expect(zoomPercent(2.456)).toBe(246);
  });

  it('counts the whole 10 % steps of a pinch, in both directions', () => {
    expect(pinchSteps(1)).toBe(0);
    expect(pinchSteps(1.09)).toBe(0);
    expect(pinchSteps(1.1)).toBe(1);
    expect(pinchSteps(1.21)).toBe(2);
    expect(pinchSteps(2)).toBe(7); // 1.1^7 = 1.95
    expect(pinchSteps(1 / 1.1)).toBe(-1);
    expect(pinchSteps(0.5)).toBe(-7);
    expect(pinchSteps(0)).toBe(0);
    expect(pinchSteps(Number.NaN)).toBe(0);
    expect(pinchZoom(1, pinchSteps(2))).toBeCloseTo(1.1 ** 7);
    expect(pinchZoom(20, pinchSteps(0.5))).toBeCloseTo(20 / 1.1 ** 7);
    expect(pinchZoom(1.5, -40)).toBe(1);
  });
});

describe('digital view', () => {
  it('shows the whole frame at scale 1', () => {
    expect(Array.from(digitalTexRect(IDENTITY_VIEW))).toEqual([0, 0, 1, 1]);
  });

  it('keeps the visible part inside the frame', () => {
    expect(clampView({ scale: 2, centerX: 0.1, centerY: 0.9 })).toEqual({ scale: 2, centerX: 0.25, centerY: 0.75 });
    expect(clampView({ scale: 0.5, centerX: 0, centerY: 0 })).toEqual(IDENTITY_VIEW);
  });

  it('zooms about the pointer, keeping the point under it still', () => {
    const view = zoomAt(IDENTITY_VIEW, 4, 0.75, 0.5);
    // The frame point at tile x 0.75 is still 0.75 of the frame.
    expect(view.centerX + (0.75 - 0.5) / view.scale).toBeCloseTo(0.75);
    expect(Array.from(digitalTexRect(view))).toEqual([0.5625, 0.375, 0.25, 0.25]);
  });

  it('pans with the drag, the picture following the pointer', () => {
    const view = panBy({ scale: 2, centerX: 0.5, centerY: 0.5 }, 0.1, 0);
    expect(view.centerX).toBeCloseTo(0.45);
    expect(panBy({ scale: 2, centerX: 0.5, centerY: 0.5 }, 1, 1)).toEqual({ scale: 2, centerX: 0.25, centerY: 0.25 });
  });
});
