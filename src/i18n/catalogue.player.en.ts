/** English strings of the single player page (/player, the embeddable player) and its errors (spec 8). Spread into catalogue.en.ts. */
export const playerStrings = {
  'player.title': 'Single player',
  'player.region': 'Player',
  'player.waitingForToken': 'Waiting for the page to sign this player in…',
  'player.authenticating': 'Signing in…',
  'player.loading': 'Loading the camera…',
  'player.controls': 'Player controls',
  'player.fullScreen': 'Full screen',
  'player.exitFullScreen': 'Exit full screen',

  'player.error.no-access': 'No access to the server',
  'player.error.stream-unavailable': 'The stream cannot be opened',
  'player.error.authentication-failed': 'Authentication failed',
  'player.error.camera-info-failed': 'Cannot fetch camera and server info',

  'player.cause.server-unreachable': 'The server did not answer. Check that it runs and that this computer can reach it.',
  'player.cause.other-server': 'This player was asked for server {server}, which is not this server.',
  'player.cause.forbidden': 'This account may not watch cameras on this server.',
  'player.cause.no-stream-argument': 'No stream was named: the page address needs single-player=<stream id>.',
  'player.cause.stream-not-found': 'No camera on this server has the stream {stream}.',
  'player.cause.token-refused': 'The token from the page around this player was refused.',
  'player.cause.no-session': 'Sign in first, or open this player from a page that signs it in.',
  'player.cause.session-lost': 'The session ended. Waiting for the page to sign this player in again…',
  'player.cause.request-failed': 'The camera list could not be read.',
  'player.serverSaid': 'The server said: {reason}',
  'player.signIn': 'Sign in',
  'player.retry': 'Try again',
} as const;
