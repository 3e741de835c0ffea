/**
 * What a stage cell shows: the drop hint when unclaimed; the player when
 * its camera is known, inside its own error boundary (a player that throws
 * shows its error in its cell only); a placeholder while cameras load, or
 * when the camera is not (or no longer) available, with a close button.
 */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera } from '../../../../server/shared/api';
import type { DewarpLimitPlan } from '../../../core/player/dewarp-limit';
import { PlayerIcon } from '../../../components/player/player-icon';
import { PlayerTile } from '../../../components/player/player-tile';
import { TileErrorBoundary } from '../../../components/player/tile-error-boundary';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../i18n/translate';
import type { PlayerType } from '../../../media/stage-media';
import { stageBagState } from '../../../state/stage-bag.store';
import { stageActions } from '../../../state/stage.store';
import type { StageTileProps } from './stage-grid';

export interface StageTileContext {
  /** No cell holds a camera: the one empty cell says so. */
  stageEmpty: boolean;
  playerOptions: readonly PlayerType[];
  lowBandwidthPreferred: boolean;
  /** The user may play back: tiles follow the timeline and can be unlinked (not for a Live Viewer). */
  playback: boolean;
  /** Which tiles dewarp under the dewarp limit; those past it play plain with the notice. */
  dewarpPlan: DewarpLimitPlan;
  onDewarp(position: StageTileProps['position'], tileKey: string, mode: 0 | 1 | 2): void;
}

export function StageTile({ tile, context }: { tile: StageTileProps; context: StageTileContext }): ReactElement {
  const bag = useSnapshot(stageBagState);
  const { cell, position } = tile;
  if (!cell.camera) {
    return (
      <div className="cell-empty" data-testid="empty-cell">
        <PlayerIcon name="camera" size={context.stageEmpty ? 30 : 22} />
        {context.stageEmpty && <strong className="cell-empty-title">{t('stage.empty')}</strong>}
        <span>{context.stageEmpty ? t('stage.emptyHint') : t('stage.dropHint')}</span>
      </div>
    );
  }
  const cameraRef = cell.camera;
  const camera = (bag.cameras as Camera[]).find((entry) => entry.id === cameraRef.id);
  if (!camera) {
    const loading = bag.status === 'idle' || bag.status === 'loading';
    return (
      <div className="cell-missing">
        {loading ? <Spinner label={t('stage.loadingCamera')} /> : <PlayerIcon name="warning" size={20} />}
        <span>{loading ? t('stage.loadingCamera') : t('stage.unknownCamera')}</span>
        {!loading && (
          <button type="button" className="tile-button" aria-label={t('tile.close', { name: cameraRef.id })} onClick={() => stageActions.release(position)}>
            <PlayerIcon name="close" />
          </button>
        )}
      </div>
    );
  }
  const close = () => stageActions.release(position);
  const overLimit = context.dewarpPlan.overLimit.has(tile.tileKey);
  return (
    // A player that throws shows its error in its own cell; the other tiles keep playing.
    <TileErrorBoundary name={camera.name} onClose={close}>
      <PlayerTile
        tileKey={tile.tileKey}
        camera={camera}
        forceLbm={cell.forceLbm}
        dewarpMode={overLimit ? 0 : cell.dewarpMode}
        dewarpLimitNotice={overLimit ? context.dewarpPlan.limit : null}
        rect={tile.rect}
        fullScreen={tile.fullScreen}
        hidden={tile.hidden}
        fullScreenKey={tile.fullScreenKey}
        playerOptions={context.playerOptions}
        lowBandwidthPreferred={context.lowBandwidthPreferred}
        playback={context.playback}
        onFullScreen={() => stageActions.setFullScreen(tile.fullScreen ? null : position)}
        onClose={close}
        onDewarp={(mode) => context.onDewarp(position, tile.tileKey, mode)}
        onForceLbm={(on) => stageActions.setForceLbm(position, on)}
      />
    </TileErrorBoundary>
  );
}
