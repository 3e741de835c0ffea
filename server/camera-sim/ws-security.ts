/**
 * WS-Security UsernameToken check (OASIS UsernameToken Profile 1.0, as ONVIF
 * Core 5.12 requires): PasswordDigest = Base64(SHA-1(nonce + created +
 * password)) with the nonce as raw bytes. `created` must be within
 * `maxClockSkewMs` of now, and a nonce is accepted once within that window
 * (replay protection). PasswordText is accepted too, as ONVIF allows.
 *
 * Cost: one SHA-1 per request; memory: one entry per nonce seen in the
 * window, capped at `maxNonces` (beyond that new tokens are refused rather
 * than letting a flood evict nonces and reopen replays).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { UsernameToken } from './onvif-soap';

export type TokenVerdict = 'ok' | 'missing' | 'invalid';

export interface UsernameTokenVerifierOptions {
  username: string;
  password: string;
  /** Default 5 minutes either way. */
  maxClockSkewMs?: number;
  maxNonces?: number;
  nowMs?: () => number;
}

export function passwordDigest(nonceBase64: string, created: string, password: string): string {
  const nonce = Buffer.from(nonceBase64, 'base64');
  return createHash('sha1').update(Buffer.concat([nonce, Buffer.from(created, 'utf8'), Buffer.from(password, 'utf8')])).digest('base64');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class UsernameTokenVerifier {
  private readonly seenNonces = new Map<string, number>();
  private readonly maxClockSkewMs: number;
  private readonly maxNonces: number;
  private readonly nowMs: () => number;
  private lastPruneMs = 0;

  constructor(private readonly opts: UsernameTokenVerifierOptions) {
    this.maxClockSkewMs = opts.maxClockSkewMs ?? 5 * 60_000;
    this.maxNonces = opts.maxNonces ?? 100_000;
    this.nowMs = opts.nowMs ?? Date.now;
  }

  verify(token: UsernameToken | undefined): TokenVerdict {
    if (!token) return 'missing';
    if (!safeEqual(token.username, this.opts.username)) return 'invalid';
    if (token.passwordType === 'text') return safeEqual(token.password, this.opts.password) ? 'ok' : 'invalid';

    if (!token.nonce || !token.created) return 'invalid';
    const createdMs = Date.parse(token.created);
    const now = this.nowMs();
    if (!Number.isFinite(createdMs) || Math.abs(now - createdMs) > this.maxClockSkewMs) return 'invalid';
    if (!safeEqual(passwordDigest(token.nonce, token.created, this.opts.password), token.password)) return 'invalid';

    this.prune(now);
    if (this.seenNonces.has(token.nonce)) return 'invalid';
    if (this.seenNonces.size >= this.maxNonces) return 'invalid';
    // Remember until a token with this nonce could no longer pass the time check.
    this.seenNonces.set(token.nonce, createdMs + this.maxClockSkewMs);
    return 'ok';
  }

  private prune(now: number): void {
    if (now - this.lastPruneMs < 1000 && this.seenNonces.size < this.maxNonces) return;
    this.lastPruneMs = now;
    for (const [nonce, expiresMs] of this.seenNonces) {
      if (expiresMs < now) this.seenNonces.delete(nonce);
    }
  }
}
