/**
 * What other recorder features may use of ingest: probing an RTSP URI
 * (camera registration), the loopback credential relay that keeps camera
 * passwords out of child processes' arguments, and joining an RTSP path.
 */
export { probeRtsp, RtspProbeError } from './ffprobe';
export type { CredentialRelay } from './rtsp-credential-relay';
export { joinRtspPath } from './rtsp-url';
