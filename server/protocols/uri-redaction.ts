/**
 * Takes secrets out of URLs before they are shown anywhere: userinfo
 * (`rtsp://user:password@host`) and the lease id of the recorder's loopback
 * credential relay (`/relay/<lease>`, a one-use bearer path). Used for log
 * lines and error texts, and by server/processes for the argument lists its
 * registry of children shows, so one rule covers both.
 *
 * Pure text work; limits: only URLs with a scheme (`x://`) are recognised,
 * and a password given in some other form (an option value) is not.
 */

/** The URI with any userinfo replaced, for logs and error texts. */
export function redactUri(uri: string): string {
  return uri.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}

/** Every URL in a text (e.g. ffmpeg's stderr) with its userinfo and any relay lease id removed. */
export function redactText(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s'"]*@/gi, '$1***@').replace(/\/relay\/[A-Za-z0-9_-]+/g, '/relay/***');
}

/** The URI without any userinfo (empty, not masked): for comparing camera addresses and naming one in a log. */
export function withoutCredentials(uri: string): string {
  try {
    const url = new URL(uri);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return uri;
  }
}
