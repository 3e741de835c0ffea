/**
 * Camera RTSP URLs: credentials are kept apart from the URI and never put
 * back in (ffmpeg and ffprobe reach a camera that needs them through the
 * credential relay, rtsp-credential-relay.ts); anything written to a log goes
 * through `redactUri` or `redactText` first.
 */

/** The URI with any userinfo replaced, for logs and error texts. */
export function redactUri(uri: string): string {
  return uri.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}

/** Every URL in a text (e.g. ffmpeg's stderr) with its userinfo and any relay lease id removed. */
export function redactText(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s'"]*@/gi, '$1***@').replace(/\/relay\/[A-Za-z0-9_-]+/g, '/relay/***');
}

/** Joins a Generic RTSP camera's base URI and a stream path ('/live?x=1'). */
export function joinRtspPath(baseUri: string, path: string): string {
  const url = new URL(baseUri);
  const origin = `${url.protocol}//${url.host}`;
  if (!path) return `${origin}${url.pathname}${url.search}`;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}
