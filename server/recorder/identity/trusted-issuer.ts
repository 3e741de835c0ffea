/**
 * The recorder's trusted issuer (spec 7 "GET, DELETE /service/trusted/issuer";
 * the Activation screen's detach-from-trusted-issuer): the one party whose
 * JWTs this recorder turns into sessions. It is the page server that embeds
 * the single player, or the multi-server aggregator that manages this
 * recorder, which attaches itself with PUT /service/trusted/issuer.
 *
 * Kept in the settings table as one JSON value (name, public key PEM,
 * source, time), so a restart keeps it and an attach or detach is one
 * write. Only public material is stored: the issuer keeps its private key.
 * The parsed key is cached and re-read only when the stored value changes.
 *
 * --trusted-issuer and --trusted-issuer-key (core/config.ts) attach at each
 * start, replacing whatever was attached; without them the stored issuer
 * stays as the API left it. Detaching ends every JWT session at once (they
 * are checked against the current issuer on each call).
 *
 * Cost: one settings read per attach/detach; none per request.
 */
import { createHash, type KeyObject } from 'node:crypto';
import { readPublicKey, type JwtAlgorithm } from '../../protocols/jwt';
import type { TrustedIssuer } from '../../shared/api';
import { badRequest } from '../../common/api-error';

export const TRUSTED_ISSUER_SETTING = 'identity.trustedIssuer';

interface SettingsPort {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): void;
}

interface StoredIssuer {
  /** The `iss` its tokens carry. */
  name: string;
  url: string | null;
  publicKey: string;
  source: TrustedIssuer['source'];
  attachedAt: number;
}

/** The attached issuer with its parsed key, as the JWT check needs it. */
export interface ActiveIssuer extends StoredIssuer {
  key: KeyObject;
  algorithm: JwtAlgorithm;
  /** Changes whenever another issuer or key is attached: sessions of the old one end. */
  fingerprint: string;
}

export class TrustedIssuerStore {
  private cached: { raw: string; active: ActiveIssuer | undefined } | undefined;

  constructor(
    private readonly settings: SettingsPort,
    private readonly now: () => number = Date.now,
  ) {}

  /** The attached issuer, or undefined when none is (or what is stored can no longer be read: then none is trusted). */
  current(): ActiveIssuer | undefined {
    const raw = this.settings.get(TRUSTED_ISSUER_SETTING);
    if (raw === undefined) return undefined;
    if (this.cached?.raw === raw) return this.cached.active;
    const active = parseStored(raw);
    this.cached = { raw, active };
    return active;
  }

  /**
   * Trusts the issuer `name` with `publicKeyPem` from now on, replacing any
   * other. Throws a 400 for a blank name, a URL that is not http(s), or a key
   * that is not an Ed25519, RSA (2048 bits or more) or P-256 public key in PEM.
   */
  attach(issuer: { name: string; publicKeyPem: string; url?: string | null }, source: TrustedIssuer['source']): ActiveIssuer {
    const name = issuer.name.trim();
    if (name === '' || name.length > 256) throw badRequest('The issuer needs a name (the iss its tokens carry), 256 characters at most.', 'invalid-issuer');
    const url = issuer.url?.trim() || null;
    if (url !== null && !/^https?:\/\/[^\s'"<>]+$/.test(url)) throw badRequest('The issuer URL must be an http(s) URL.', 'invalid-issuer');
    const pem = issuer.publicKeyPem.trim();
    if (!readPublicKey(pem)) {
      throw badRequest('The public key must be an Ed25519, RSA (2048 bits or more) or P-256 public key in PEM (-----BEGIN PUBLIC KEY-----).', 'invalid-public-key');
    }
    const stored: StoredIssuer = { name, url, publicKey: `${pem}\n`, source, attachedAt: this.now() };
    this.settings.set(TRUSTED_ISSUER_SETTING, JSON.stringify(stored));
    return this.current()!;
  }

  /** No issuer is trusted any more: every JWT is refused from now on. Answers whether one was attached. */
  detach(): boolean {
    const attached = this.settings.get(TRUSTED_ISSUER_SETTING) !== undefined;
    this.settings.delete(TRUSTED_ISSUER_SETTING);
    return attached;
  }

  /** What GET /service/trusted/issuer shows. */
  describe(audience: string): TrustedIssuer | undefined {
    const active = this.current();
    if (!active) return undefined;
    return {
      name: active.name,
      url: active.url,
      publicKey: active.publicKey,
      algorithm: active.algorithm,
      audience,
      source: active.source,
      attachedAt: active.attachedAt,
    };
  }
}

function parseStored(raw: string): ActiveIssuer | undefined {
  try {
    const value = JSON.parse(raw) as Partial<StoredIssuer>;
    if (typeof value.name !== 'string' || typeof value.publicKey !== 'string') return undefined;
    const parsed = readPublicKey(value.publicKey);
    if (!parsed) return undefined;
    return {
      name: value.name,
      url: typeof value.url === 'string' ? value.url : null,
      publicKey: value.publicKey,
      source: value.source === 'option' ? 'option' : 'api',
      attachedAt: typeof value.attachedAt === 'number' ? value.attachedAt : 0,
      key: parsed.key,
      algorithm: parsed.algorithm,
      fingerprint: createHash('sha256').update(`${value.name}\n${value.publicKey}`).digest('hex').slice(0, 16),
    };
  } catch {
    return undefined; // a damaged value trusts nobody; attaching again rewrites it
  }
}
