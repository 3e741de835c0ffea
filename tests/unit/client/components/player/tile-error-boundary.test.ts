import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TileErrorBoundary } from '../../../../../src/components/player/tile-error-boundary';

// Catching needs a DOM renderer (the e2e stage spec covers it); here: what the boundary keeps and shows.
function boundary(error: Error | null) {
  const instance = new TileErrorBoundary({ name: 'Lobby', onClose: () => undefined, children: 'the player' });
  instance.state = { error };
  return instance;
}

describe('tile error boundary', () => {
  it('keeps what a tile threw, as an Error', () => {
    const error = new Error('boom');
    expect(TileErrorBoundary.getDerivedStateFromError(error)).toEqual({ error });
    expect(TileErrorBoundary.getDerivedStateFromError('text')).toEqual({ error: new Error('text') });
  });

  it('renders the tile while nothing failed', () => {
    expect(boundary(null).render()).toBe('the player');
  });

  it("shows the failure in the tile's own cell, named like the player, with retry and remove", () => {
    const html = renderToStaticMarkup(boundary(new Error('boom')).render());
    expect(html).toContain('aria-label="Player Lobby"');
    expect(html).toContain('This player failed');
    expect(html).toContain('boom');
    expect(html).toContain('Try again');
    expect(html).toContain('aria-label="Remove Lobby from the stage"');
  });
});
