/**
 * Pure decisions about an outgoing request: whether it carries the bearer
 * token (same host only, never the sign-in call) and the cache-busting query
 * added to GET calls on /service paths (spec 7).
 */
export const SIGN_IN_PATH = '/service/sessions/user';
export const CACHE_BUST_PARAM = 'cb';

/** `url` may be relative to `origin`. */
export function shouldAttachToken(url: string, origin: string): boolean {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return false; // not a URL we can judge: never leak the token
  }
  if (target.origin !== new URL(origin).origin) return false;
  return target.pathname !== SIGN_IN_PATH;
}

/** Adds `cb=<nowMs>` to GET requests on /service paths; other requests are left as they are. */
export function withCacheBust(url: string, method: string, nowMs: number, origin: string): string {
  if (method.toUpperCase() !== 'GET') return url;
  const target = new URL(url, origin);
  if (target.origin !== new URL(origin).origin || !target.pathname.startsWith('/service/')) return url;
  target.searchParams.set(CACHE_BUST_PARAM, String(nowMs));
  return url.startsWith('http') ? target.toString() : `${target.pathname}${target.search}`;
}

/** Builds `path?query` from defined values. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}
