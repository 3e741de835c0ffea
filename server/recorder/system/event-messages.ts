/**
 * The English sentences of the System report's events (the client shows an
 * event's message as it is when it has no wording of its own for the type).
 * Pure functions; names typed by users are quoted, stripped of control
 * characters and shortened, so a message stays one readable line. No
 * sentence ever carries a password.
 */

const MAX_NAME_CHARS = 80;

/** A user-typed name as a quoted, one-line, bounded text. */
export function quoted(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return `'${clean.length > MAX_NAME_CHARS ? `${clean.slice(0, MAX_NAME_CHARS - 1)}…` : clean}'`;
}

/** "Stream 'Main' of camera 'Lobby'", or the id when the stream is gone. */
export function streamLabel(names: { cameraName: string; streamName: string } | undefined, streamId: string): string {
  return names ? `Stream ${quoted(names.streamName)} of camera ${quoted(names.cameraName)}` : `Stream ${streamId}`;
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** Bytes in MB (1024²) with one decimal, as the report's table shows them. */
function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const eventMessages = {
  serverStarted: (version: string) => `The recorder started (version ${version}).`,
  serverStopped: () => 'The recorder was stopped.',
  streamUp: (label: string, options: { recording: boolean; again: boolean }) =>
    `${label} is ${options.recording ? 'recording' : 'live (not recorded)'}${options.again ? ' again' : ''}.`,
  streamDown: (label: string, reason: string | undefined) => `${label} stopped${reason ? `: ${reason}` : ''}.`,
  streamRestarted: (label: string) => `${label} was restarted from System status.`,
  archiveGap: (label: string, gapMs: number) => `${label} has no recording for ${duration(gapMs)} before this.`,
  cleanerRun: (segments: number, bytes: number, reason: 'age' | 'disk') =>
    `The cleaner removed ${segments} archive segment${segments === 1 ? '' : 's'} (${megabytes(bytes)} freed) ` +
    (reason === 'age' ? 'older than their camera’s retention.' : 'to stay under the disk threshold.'),
  diskThreshold: (thresholdPercent: number, nothingLeft: boolean) =>
    `The archive disk is over its ${thresholdPercent} % threshold` +
    (nothingLeft ? ' and no closed archive is left to remove.' : '; the oldest archives are being removed.'),
  licenseAdded: () => 'A new license was added; it applies at the next restart.',
  licenseRemoved: () => 'The license was removed; the trial applies at the next restart.',
  licenseDegraded: (description: string) => `The license is degraded: recording and cleaning stopped (${description}).`,
  signIn: (username: string, address: string) => `Sign-in of ${quoted(username)} from ${address}.`,
  signInFailed: (username: string, address: string) => `Failed sign-in as ${quoted(username)} from ${address}.`,
};
