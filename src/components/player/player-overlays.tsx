/**
 * What covers a tile's picture (spec 4 overlays): connecting, an error
 * (ban icon for 'not available', else a warning, and after more than two
 * retries outside low-bandwidth mode the offer of low-bandwidth mode), the
 * countdown to the next recording, and no video. Plus the slow-network
 * chip, which opens the troubleshooting dialog.
 */
import type { ReactElement } from 'react';
import { Spinner } from '../ui/spinner';
import { t } from '../../i18n/translate';
import { errorIcon } from '../../media/stage-media';
import type { PlayerStatus } from '../../state/player.store';
import { errorText } from './player-helpers';
import { PlayerIcon } from './player-icon';

export interface PlayerOverlaysProps {
  status: PlayerStatus | null;
  onUseLowBandwidth(): void;
  onSlowNetwork(): void;
}

export function PlayerOverlays({ status, onUseLowBandwidth, onSlowNetwork }: PlayerOverlaysProps): ReactElement | null {
  if (!status) return null;
  const { overlay, error } = status;
  return (
    <>
      {overlay === 'connecting' && (
        <div className="tile-overlay" data-overlay="connecting">
          <Spinner label={t('tile.connecting')} />
          <span className="tile-overlay-text">{t('tile.connecting')}</span>
        </div>
      )}
      {overlay === 'error' && error && (
        <div className={`tile-overlay tile-error ${errorIcon(error)}`} data-overlay="error" role="alert">
          <PlayerIcon name={errorIcon(error) === 'ban' ? 'ban' : 'warning'} size={26} />
          <span className="tile-overlay-text">{errorText(error)}</span>
          {error.retryAttempts > 0 && <span className="tile-overlay-detail">{t('tile.retrying', { count: error.retryAttempts })}</span>}
          {status.offerLowBandwidth && (
            <button type="button" className="btn btn-link tile-offer" onClick={onUseLowBandwidth}>
              {t('tile.offerLowBandwidth')}
            </button>
          )}
        </div>
      )}
      {overlay === 'delay' && status.countdownMs !== null && (
        <div className="tile-overlay" data-overlay="delay">
          <span className="tile-overlay-text">{t('tile.delay', { seconds: (status.countdownMs / 1000).toFixed(1) })}</span>
        </div>
      )}
      {overlay === 'no_video' && (
        <div className="tile-overlay" data-overlay="no-video">
          <PlayerIcon name="noVideo" size={26} />
          <span className="tile-overlay-text">{t('tile.noVideo')}</span>
        </div>
      )}
      {status.slowNetwork && (
        <button type="button" className="tile-slow" onClick={onSlowNetwork} data-grid-ignore="">
          <PlayerIcon name="slow" size={13} />
          {t('tile.slowNetwork')}
        </button>
      )}
    </>
  );
}
