/**
 * JSON Web Tokens for export downloads and single-player embedding (spec 6,
 * 7): HS256, signed with a recorder secret kept in the settings table
 * (created on first use, 256 random bits), claims `sub` = user id and `exp`.
 * A token is only as good as its user: the user is looked up at each use, so
 * a deleted user's token stops working and a role change applies at once.
 * Verification uses jose; the algorithm is pinned so an `alg: none` or RS256
 * token is refused.
 */
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SettingsStore } from './settings';

export const JWT_SECRET_SETTING = 'jwt-secret';
const ALGORITHM = 'HS256';
/** Tokens the recorder signs live this long unless asked otherwise. */
export const DEFAULT_JWT_TTL_S = 3600;

export class JwtInvalidError extends Error {}

export class RecorderJwt {
  private key: Uint8Array | undefined;

  constructor(
    private readonly settings: Pick<SettingsStore, 'get' | 'set'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The signing key, created and stored on first use. */
  secret(): Uint8Array {
    if (this.key) return this.key;
    let stored = this.settings.get(JWT_SECRET_SETTING);
    if (!stored) {
      stored = randomBytes(32).toString('base64url');
      this.settings.set(JWT_SECRET_SETTING, stored);
    }
    this.key = new Uint8Array(Buffer.from(stored, 'base64url'));
    return this.key;
  }

  async sign(userId: string, ttlS = DEFAULT_JWT_TTL_S): Promise<string> {
    const nowS = Math.floor(this.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + ttlS)
      .sign(this.secret());
  }

  /** The user id a valid token names; throws JwtInvalidError otherwise (bad signature, expired, no sub or exp). */
  async verify(token: string): Promise<string> {
    if (token.length > 4096) throw new JwtInvalidError('token too long');
    try {
      const { payload } = await jwtVerify(token, this.secret(), {
        algorithms: [ALGORITHM],
        requiredClaims: ['sub', 'exp'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new JwtInvalidError('no subject');
      return payload.sub;
    } catch (error) {
      if (error instanceof JwtInvalidError) throw error;
      if (error instanceof errors.JOSEError) throw new JwtInvalidError(error.code);
      throw new JwtInvalidError('malformed token');
    }
  }
}
