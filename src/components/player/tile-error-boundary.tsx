/**
 * Error boundary of one player tile (spec 2 "Player"; STYLE "Errors": each
 * player tile and each route has its own). A tile whose React subtree
 * throws while rendering shows the failure inside its own cell, with the
 * error's text, a retry (renders the tile anew) and the usual remove
 * button, while every other tile of the wall keeps playing.
 *
 * Why a class: React catches render errors only in class components
 * (getDerivedStateFromError); the route boundary (app/route-error-view.tsx)
 * is the router's and covers a whole screen. What the tile's media
 * workers were doing is cleaned up by the tile's own effects as React
 * unmounts the failed subtree. React itself reports the caught error on
 * the console. Cost: none until a tile throws.
 */
import { Component, type ReactNode } from 'react';
import { t } from '../../i18n/translate';
import { PlayerIcon } from './player-icon';

export interface TileErrorBoundaryProps {
  /** The camera's name, for the cell's accessible name and the remove button. */
  name: string;
  onClose(): void;
  children: ReactNode;
}

interface TileErrorState {
  error: Error | null;
}

export class TileErrorBoundary extends Component<TileErrorBoundaryProps, TileErrorState> {
  override state: TileErrorState = { error: null };

  static getDerivedStateFromError(error: unknown): TileErrorState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  private readonly retry = () => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { name, onClose } = this.props;
    return (
      <div className="cell-missing tile-failed" role="region" aria-label={t('tile.region', { name })} data-testid="tile-failed">
        <PlayerIcon name="warning" size={20} />
        <strong>{t('tile.failed')}</strong>
        <span>{error.message}</span>
        <span>
          <button type="button" className="btn" onClick={this.retry}>
            {t('common.retry')}
          </button>
          <button type="button" className="tile-button" aria-label={t('tile.close', { name })} onClick={onClose}>
            <PlayerIcon name="close" />
          </button>
        </span>
      </div>
    );
  }
}
