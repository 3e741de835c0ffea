/**
 * HTTP-style credential checks shared by RTSP (RFC 2326/7826 reuse HTTP
 * authentication) and the simulated camera's HTTP endpoints: Digest
 * (RFC 7616, MD5, qop=auth or none) and Basic (RFC 7617), for one
 * username/password pair.
 *
 * Nonces are stateless: hex(issue time) + HMAC(secret, issue time), so any
 * number of clients can authenticate without server-side bookkeeping, and a
 * nonce from another process (or forged) is refused.
 *
 * Limits: MD5 only (what ffmpeg, VLC and cameras use); nonce counts are not
 * tracked, so a captured Digest header can be replayed until its nonce expires
 * (default 12 h, long enough for RTSP keep-alives to never hit a stale nonce).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface CredentialsAuthOptions {
  realm: string;
  username: string;
  password: string;
  allowBasic?: boolean;
  nonceLifetimeMs?: number;
  nowMs?: () => number;
  secret?: Uint8Array;
}

export interface CredentialsAuth {
  /** True when the Authorization header carries valid credentials for this request. */
  check(method: string, authorization: string | undefined): boolean;
  /** WWW-Authenticate values to send with a 401 (Digest first, then Basic if allowed). */
  challenges(): string[];
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Parses `key=value, key="quoted, value"` auth parameters (keys lower-cased). */
export function parseAuthParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  const pattern = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g;
  for (const match of text.matchAll(pattern)) {
    params[match[1]!.toLowerCase()] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
  }
  return params;
}

export function createCredentialsAuth(opts: CredentialsAuthOptions): CredentialsAuth {
  const secret = opts.secret ?? randomBytes(32);
  const nowMs = opts.nowMs ?? Date.now;
  const lifetimeMs = opts.nonceLifetimeMs ?? 12 * 3600_000;
  const allowBasic = opts.allowBasic ?? true;

  const sign = (issuedHex: string): string => createHmac('sha256', secret).update(issuedHex).digest('hex').slice(0, 32);
  const issueNonce = (): string => {
    const issuedHex = Math.floor(nowMs()).toString(16);
    return issuedHex + sign(issuedHex);
  };
  const nonceValid = (nonce: string): boolean => {
    const issuedHex = nonce.slice(0, -32);
    if (!/^[0-9a-f]{1,14}$/.test(issuedHex) || !safeEqual(nonce.slice(-32), sign(issuedHex))) return false;
    const ageMs = nowMs() - parseInt(issuedHex, 16);
    return ageMs >= -60_000 && ageMs <= lifetimeMs;
  };

  const checkDigest = (method: string, paramsText: string): boolean => {
    const p = parseAuthParams(paramsText);
    if (p.username !== opts.username || p.realm !== opts.realm || !p.nonce || !p.uri || !p.response) return false;
    if (p.algorithm && p.algorithm.toUpperCase() !== 'MD5') return false;
    if (!nonceValid(p.nonce)) return false;
    const ha1 = md5(`${opts.username}:${opts.realm}:${opts.password}`);
    const ha2 = md5(`${method}:${p.uri}`);
    let expected: string;
    if (p.qop) {
      if (p.qop !== 'auth' || !p.nc || !p.cnonce) return false;
      expected = md5(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`);
    } else {
      expected = md5(`${ha1}:${p.nonce}:${ha2}`);
    }
    return safeEqual(expected, p.response.toLowerCase());
  };

  const checkBasic = (token: string): boolean => {
    const decoded = Buffer.from(token.trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    // Evaluate both comparisons so timing does not reveal which part was wrong.
    const userOk = safeEqual(decoded.slice(0, colon), opts.username);
    const passOk = safeEqual(decoded.slice(colon + 1), opts.password);
    return userOk && passOk;
  };

  return {
    check(method, authorization) {
      if (!authorization) return false;
      const space = authorization.indexOf(' ');
      if (space < 0) return false;
      const scheme = authorization.slice(0, space).toLowerCase();
      const rest = authorization.slice(space + 1);
      if (scheme === 'digest') return checkDigest(method, rest);
      if (scheme === 'basic') return allowBasic && checkBasic(rest);
      return false;
    },
    challenges() {
      const digest = `Digest realm="${opts.realm}", nonce="${issueNonce()}", algorithm=MD5, qop="auth"`;
      return allowBasic ? [digest, `Basic realm="${opts.realm}"`] : [digest];
    },
  };
}
