/**
 * Player errors (spec 4, spec 8 "Playback"): the catalogue codes a tile can
 * show, whether each is recoverable, and what the error overlay shows — a
 * ban icon for 'not_available' (no permission, no such stream), a warning
 * otherwise, and after more than 2 retries outside low-bandwidth mode a
 * link offering low-bandwidth mode.
 *
 * Cost: none. Limits: the wording of each code lives in the i18n catalogue.
 */
export type PlayerType = 'webrtc' | 'lowbandwidth';

export const PLAYER_ERROR = {
  playRequestCancelled: 'playRequestCancelled',
  playRequestUpdatedError: 'playRequestUpdatedError',
  timedOutWaitingForStreamToPlay: 'timedOutWaitingForStreamToPlay',
  playFailure: 'playFailure',
  expectedArchiveIsNotPlayable: 'expectedArchiveIsNotPlayable',
  autoplayBlocked: 'autoplayBlocked',
  unsupportedMediaFormat: 'unsupportedMediaFormat',
  noStreamsConfigured: 'noStreamsConfigured',
  noPermission: 'noPermission',
  noLivePermission: 'noLivePermission',
  noPlaybackPermission: 'noPlaybackPermission',
  noSessionExistsFor: 'noSessionExistsFor',
} as const;

export type ErrorState = 'not_available' | 'error';

/** What a source reports when it fails. */
export interface PlayerFailure {
  code: string;
  recoverable: boolean;
  /** No permission, no stream or no server: shown with a ban icon and not retried. */
  notAvailable?: boolean;
  message?: string;
  /** The HTTP status of a refused request, shown beside the text (spec 8: failedToCreateLowBandwidthStream (status)). */
  status?: number;
}

export class PlayerError extends Error {
  constructor(
    readonly code: string,
    readonly recoverable: boolean,
    message = code,
  ) {
    super(message);
    this.name = 'PlayerError';
  }
}

/** The failure for a play request replaced before it finished, or stopped. */
export const cancelledError = () => new PlayerError(PLAYER_ERROR.playRequestCancelled, true);
export const updatedError = () => new PlayerError(PLAYER_ERROR.playRequestUpdatedError, true);

export interface PlayerErrorInfo {
  state: ErrorState;
  code: string;
  message: string;
  /** The HTTP status of the refused request, when there was one. */
  status?: number;
  retryAttempts: number;
}

export function errorIcon(error: Pick<PlayerErrorInfo, 'state'>): 'ban' | 'warning' {
  return error.state === 'not_available' ? 'ban' : 'warning';
}

/** Spec 4: after more than 2 retry attempts outside low-bandwidth mode, offer low-bandwidth mode. */
export const LOW_BANDWIDTH_OFFER_AFTER_RETRIES = 2;

export function offersLowBandwidth(retryAttempts: number, type: PlayerType): boolean {
  return type !== 'lowbandwidth' && retryAttempts > LOW_BANDWIDTH_OFFER_AFTER_RETRIES;
}
