/** The origin of an http(s) URL (a browser's Origin header, a server's address), or null for none or another scheme; the client and both servers use it. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
