/**
 * The client side of HTTP-style authentication for RTSP (RFC 2617/7616
 * Digest with MD5, qop=auth or none; RFC 7617 Basic): picks the strongest
 * challenge a camera offers and answers it for one request. Pure, apart from
 * the client nonce, which the caller may fix for tests.
 *
 * Basic is only ever sent in answer to a Basic challenge, never ahead of one,
 * so a camera that asks for Digest never sees the password itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import { parseAuthParams } from './http-auth';

export interface Credentials {
  username: string;
  password: string;
}

export type Challenge =
  | { scheme: 'digest'; realm: string; nonce: string; opaque: string | undefined; qopAuth: boolean; algorithm: string }
  | { scheme: 'basic'; realm: string };

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/** The challenge to answer among a 401's WWW-Authenticate values: Digest (MD5) before Basic; undefined when none is usable. */
export function pickChallenge(values: readonly string[]): Challenge | undefined {
  let basic: Challenge | undefined;
  for (const value of values) {
    const space = value.indexOf(' ');
    const scheme = (space < 0 ? value : value.slice(0, space)).trim().toLowerCase();
    const params = parseAuthParams(space < 0 ? '' : value.slice(space + 1));
    if (scheme === 'digest' && params.nonce) {
      const algorithm = (params.algorithm ?? 'MD5').toUpperCase();
      if (algorithm !== 'MD5') continue;
      const qops = (params.qop ?? '').split(',').map((q) => q.trim().toLowerCase());
      return { scheme: 'digest', realm: params.realm ?? '', nonce: params.nonce, opaque: params.opaque, qopAuth: qops.includes('auth'), algorithm };
    }
    if (scheme === 'basic') basic = { scheme: 'basic', realm: params.realm ?? '' };
  }
  return basic;
}

/** True when a Digest 401 says only the nonce went stale (the credentials were right). */
export function isStale(values: readonly string[]): boolean {
  return values.some((value) => /^digest\s/i.test(value) && parseAuthParams(value.slice(7)).stale?.toLowerCase() === 'true');
}

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The Authorization value answering `challenge` for one request. `nc` counts
 * the requests made with this nonce (1 for the first); `cnonce` is random
 * unless given.
 */
export function authorizationFor(
  challenge: Challenge,
  credentials: Credentials,
  method: string,
  uri: string,
  nc: number,
  cnonce: string = randomBytes(8).toString('hex'),
): string {
  if (challenge.scheme === 'basic') {
    return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64')}`;
  }
  const ha1 = md5(`${credentials.username}:${challenge.realm}:${credentials.password}`);
  const ha2 = md5(`${method}:${uri}`);
  const parts = [
    `username=${quote(credentials.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(uri)}`,
  ];
  if (challenge.qopAuth) {
    const count = nc.toString(16).padStart(8, '0');
    parts.push(`response=${quote(md5(`${ha1}:${challenge.nonce}:${count}:${cnonce}:auth:${ha2}`))}`, 'qop=auth', `nc=${count}`, `cnonce=${quote(cnonce)}`);
  } else {
    parts.push(`response=${quote(md5(`${ha1}:${challenge.nonce}:${ha2}`))}`);
  }
  parts.push('algorithm=MD5');
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}
