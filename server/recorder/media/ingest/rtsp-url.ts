/**
 * Camera RTSP URLs: credentials are kept apart from the URI and put in only
 * for the ffmpeg/ffprobe argument (percent-encoded by the URL API, which is
 * how ffmpeg reads userinfo); anything written to a log goes through
 * `redactUri` first.
 */

export function withCredentials(uri: string, username: string, password: string): string {
  if (!username && !password) return uri;
  const url = new URL(uri);
  url.username = encodeURIComponent(username);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** The URI with any userinfo replaced, for logs and error texts. */
export function redactUri(uri: string): string {
  return uri.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}

/** Every URL in a text (e.g. ffmpeg's stderr) with its userinfo removed. */
export function redactText(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s'"]*@/gi, '$1***@');
}

/** Joins a Generic RTSP camera's base URI and a stream path ('/live?x=1'). */
export function joinRtspPath(baseUri: string, path: string): string {
  const url = new URL(baseUri);
  const origin = `${url.protocol}//${url.host}`;
  if (!path) return `${origin}${url.pathname}${url.search}`;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}
