import { describe, expect, it } from 'vitest';
import { dewarpZoomPercent, dragDewarpView, shownDewarpView, wheelDewarpView } from '../../../../src/media/dewarp-view';

describe('the perspective view a tile shows', () => {
  it("is the stream's default view until the user turns it, the spec's default without one", () => {
    expect(shownDewarpView(null, { enable: true })).toEqual({ pan: 0, tilt: 45, zoom: 0.5 });
    expect(shownDewarpView(null, { enable: true, defaultPerspectiveView: { pan: 10, tilt: 20, zoom: 2 } })).toEqual({ pan: 10, tilt: 20, zoom: 2 });
    expect(shownDewarpView({ pan: 100, tilt: 60, zoom: 1 }, { enable: true, defaultPerspectiveView: { pan: 10, tilt: 20, zoom: 2 } })).toEqual({ pan: 100, tilt: 60, zoom: 1 });
  });

  it("stays inside the mounting's view limits", () => {
    expect(shownDewarpView({ pan: -100, tilt: 50, zoom: 1 }, { enable: true, orientation: 'wall' })).toEqual({ pan: -90, tilt: 50, zoom: 1 });
  });

  it('zooms 0.05 a wheel notch within 0.1-10', () => {
    const view = { pan: 0, tilt: 45, zoom: 0.5 };
    expect(wheelDewarpView(view, -120).zoom).toBeCloseTo(0.55);
    expect(wheelDewarpView(view, 120).zoom).toBeCloseTo(0.45);
    expect(wheelDewarpView({ ...view, zoom: 0.1 }, 120).zoom).toBeCloseTo(0.1);
    expect(wheelDewarpView({ ...view, zoom: 10 }, -120).zoom).toBe(10);
  });

  it("turns with a drag in the stream's orientation", () => {
    const view = { pan: 0, tilt: 0, zoom: 1 };
    expect(dragDewarpView(view, { enable: true, orientation: 'wall' }, -0.1, 0, 16 / 9).pan).toBeGreaterThan(0);
    expect(dragDewarpView(view, { enable: true, orientation: 'wall' }, -1, 0, 16 / 9).pan).toBe(90);
  });

  it('shows the dewarp zoom as a percent', () => {
    expect(dewarpZoomPercent({ pan: 0, tilt: 45, zoom: 0.55 })).toBe(55);
  });
});
