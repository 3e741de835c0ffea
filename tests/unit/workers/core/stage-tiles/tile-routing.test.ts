import { describe, expect, it } from 'vitest';
import { CompositorLink } from '../../../../../workers/core/stage-tiles/compositor-link';
import { routePicture, type RoutedTile } from '../../../../../workers/core/stage-tiles/tile-routing';
import { FakeCompositor, FakeFrame, FakeRenderer, asBitmap, fakeCanvas } from './fakes';

function hostingLink() {
  let compositor: FakeCompositor | null = null;
  const link = new CompositorLink((canvas) => (compositor = new FakeCompositor(canvas)));
  link.host(fakeCanvas('stage'), 1, 1, 1);
  return { link, compositor: compositor! as FakeCompositor };
}

describe('tile routing', () => {
  it("draws a plain tile's picture into its own canvas", () => {
    const renderer = new FakeRenderer();
    const tile: RoutedTile = { id: 'tile-1', route: 'bitmap', renderer };
    const { link, compositor } = hostingLink();
    const picture = new FakeFrame();
    routePicture(tile, asBitmap(picture), 'draw', link);
    expect(renderer.shown).toEqual([picture]);
    expect(compositor.pushed).toEqual([]);
    expect(picture.closed).toBe(false);
  });

  it("sends a shader tile's picture to the compositor", () => {
    const renderer = new FakeRenderer();
    const { link, compositor } = hostingLink();
    const picture = new FakeFrame();
    routePicture({ id: 'tile-1', route: 'compositor', renderer }, asBitmap(picture), 'draw', link);
    expect(compositor.pushed).toEqual([{ tileId: 'tile-1', frame: picture }]);
    expect(renderer.shown).toEqual([]);
  });

  it('closes a plain picture when the tile has no canvas', () => {
    const picture = new FakeFrame();
    routePicture({ id: 'tile-1', route: 'bitmap', renderer: null }, asBitmap(picture), 'draw', hostingLink().link);
    expect(picture.closed).toBe(true);
  });

  it("closes pictures on the benchmark's decode and receive paths", () => {
    for (const path of ['decode', 'receive'] as const) {
      const renderer = new FakeRenderer();
      const { link, compositor } = hostingLink();
      for (const route of ['bitmap', 'compositor'] as const) {
        const picture = new FakeFrame();
        routePicture({ id: 'tile-1', route, renderer }, asBitmap(picture), path, link);
        expect(picture.closed).toBe(true);
      }
      expect(renderer.shown).toEqual([]);
      expect(compositor.pushed).toEqual([]);
    }
  });
});
