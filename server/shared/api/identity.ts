/**
 * Identity by token (spec 7 "GET /service/identity (query jwt)", "GET,
 * DELETE /service/trusted/issuer"; spec 6 "In single-player mode a JWT
 * gives a synthetic administrator session").
 *
 * A recorder trusts at most one issuer: a name (the JWT `iss` it must
 * carry) and a public key. A page that embeds the player has its server
 * mint a short-lived JWT with the issuer's private key, for this recorder
 * as audience (`aud` = the recorder's server id, the `orchidId` its cameras
 * carry); GET /service/identity?jwt= exchanges it for a session whose token
 * is the JWT itself (tokenType 'jwt'), usable as a bearer until the JWT's
 * `exp`. The multi-server aggregator registers itself the same way
 * (PUT /service/trusted/issuer).
 */
import { Type, type Static } from 'typebox';

/** The JWT `alg` a trusted key verifies; the key's type decides it. */
export type TrustedIssuerAlgorithm = 'EdDSA' | 'RS256' | 'ES256';

/** GET /service/trusted/issuer: only public facts (the public key is public); 404 when none is attached. */
export interface TrustedIssuer {
  /** The issuer's name: the `iss` every accepted JWT carries. */
  name: string;
  /** Where the issuer is reached (an aggregator's address), when it said; null otherwise. */
  url: string | null;
  /** The issuer's public key, PEM (SPKI). */
  publicKey: string;
  algorithm: TrustedIssuerAlgorithm;
  /** The `aud` every accepted JWT must carry: this recorder's server id. */
  audience: string;
  /** 'option': set by --trusted-issuer-key at start; 'api': attached with PUT /service/trusted/issuer. */
  source: 'option' | 'api';
  /** Epoch ms of the attachment. */
  attachedAt: number;
}

/** PUT /service/trusted/issuer: attaches this recorder to an issuer (replacing any other). */
export const AttachIssuerBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 256 }),
    publicKey: Type.String({ minLength: 1, maxLength: 16_384 }),
    url: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type AttachIssuerRequest = Static<typeof AttachIssuerBody>;

/** GET /service/identity?jwt=: the token to exchange (a JWT is far shorter than this). */
export const IdentityQuery = Type.Object({ jwt: Type.String({ minLength: 1, maxLength: 8192 }) });
export type IdentityQuery = Static<typeof IdentityQuery>;

/** Error codes of a refused JWT (all 401; the reason says which check failed). */
export const IDENTITY_ERROR_CODES = [
  'no-trusted-issuer',
  'jwt-malformed',
  'jwt-algorithm',
  'jwt-signature',
  'jwt-no-expiry',
  'jwt-expired',
  'jwt-not-yet-valid',
  'jwt-issuer',
  'jwt-audience',
  'jwt-revoked',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];
