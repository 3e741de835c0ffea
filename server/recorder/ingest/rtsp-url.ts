/**
 * Camera RTSP URLs: credentials are kept apart from the URI and never put
 * back in (ffmpeg and ffprobe reach a camera that needs them through the
 * credential relay, rtsp-credential-relay.ts); anything written to a log goes
 * through `redactUri` or `redactText` (server/protocols/uri-redaction.ts) first.
 */

/** Joins a Generic RTSP camera's base URI and a stream path ('/live?x=1'). */
export function joinRtspPath(baseUri: string, path: string): string {
  const url = new URL(baseUri);
  const origin = `${url.protocol}//${url.host}`;
  if (!path) return `${origin}${url.pathname}${url.search}`;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}
