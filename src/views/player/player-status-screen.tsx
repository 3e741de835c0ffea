/**
 * What the single player shows before it plays or when it cannot (spec 8):
 * waiting for the embedding page's token, signing in, loading the camera,
 * or the error: no access to the server, the stream cannot be opened,
 * authentication failed, cannot fetch camera and server info. Each error
 * says why in a second line, with the server's own words when it gave any.
 */
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../brand/logo';
import { PlayerIcon } from '../../components/player/player-icon';
import { Spinner } from '../../components/ui/spinner';
import { t, type MessageKey } from '../../i18n/translate';
import type { SinglePlayerState } from '../../state/single-player.store';

const BUSY: Record<string, MessageKey> = {
  'waiting-for-token': 'player.waitingForToken',
  authenticating: 'player.authenticating',
  loading: 'player.loading',
};

export function PlayerStatusScreen({ state, serverId, onRetry }: { state: SinglePlayerState; serverId: string | null; onRetry(): void }): ReactElement {
  const { error } = state;
  if (!error) {
    const label = t(BUSY[state.status] ?? 'player.loading');
    return (
      <div className="single-player-message" data-status={state.status}>
        <LogoMark size={36} />
        <Spinner label={label} size="large" />
        <p>{label}</p>
      </div>
    );
  }
  const cause = t(`player.cause.${error.cause}` as MessageKey, { server: serverId ?? '', stream: state.streamId ?? '' });
  return (
    <div className="single-player-message" role="alert" data-status="error" data-error={error.code}>
      <PlayerIcon name={error.code === 'no-access' ? 'ban' : 'warning'} size={30} />
      <h1>{t(`player.error.${error.code}` as MessageKey)}</h1>
      <p>{cause}</p>
      {error.reason && <p className="single-player-reason">{t('player.serverSaid', { reason: error.reason })}</p>}
      {error.cause === 'no-session' && (
        <Link className="btn btn-primary" to="/sign-in">
          {t('player.signIn')}
        </Link>
      )}
      {(error.code === 'camera-info-failed' || error.cause === 'server-unreachable') && (
        <button type="button" className="btn" onClick={onRetry}>
          {t('player.retry')}
        </button>
      )}
    </div>
  );
}
