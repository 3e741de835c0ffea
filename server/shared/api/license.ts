/**
 * Licensing (spec 3, 4, 7): the recorder's license session, the discoverable
 * orchid that carries it to every signed-in user, and the wire format of the
 * external activation service.
 *
 * The client talks to the activation service itself (online silent mode when
 * its ping answers within ACTIVATION_PING_TIMEOUT_MS), then hands the signed
 * key to the recorder with POST /service/license-session. A key is verified
 * offline by the recorder (Ed25519 over its payload), so a hand-edited key is
 * refused. Adding or removing a license takes effect at the next start; until
 * then the session's status is 'pending_change'.
 */
import { Type, type Static } from 'typebox';
import type { RecordingConfiguration, RecordingStyle } from './streams';

export { ACTIVATION_PATHS, ACTIVATION_PING_TIMEOUT_MS, EXPIRY_NOT_APPLICABLE_ABOVE_MS, NO_EXPIRY_MS } from '../license-constants';

export type LicenseStatus = 'normal' | 'degraded' | 'pending_change';
/**
 * Why the session is not normal: 'license' (the stored license is invalid:
 * bad signature, another machine, expired, or no issuer key to check it),
 * 'storage' (the archive storage device changed), 'restart' (a license was
 * added or removed and applies at the next start).
 */
export type LicenseStateReason = 'license' | 'storage' | 'restart';

/** 'trial' means not activated; 'core' is the recorder's license, 'fusion' the parent (aggregator) one (spec 1). */
export type LicenseEdition = 'trial' | 'core' | 'fusion';
export const LICENSE_EDITIONS: readonly LicenseEdition[] = ['trial', 'core', 'fusion'];

export interface LicenseDetails {
  edition: LicenseEdition;
  /** The edition as the brand names it ('Argus VMS Core'). */
  brandedEdition: string;
  /** Most cameras the recorder may have registered. */
  cameras: number;
  /** Most bytes of archive kept; null means unlimited. */
  retention: number | null;
  retentionDescription: string;
  /** Epoch ms; above EXPIRY_NOT_APPLICABLE_ABOVE_MS means it does not expire. */
  expires: number;
  expiresDescription: string;
  /** The activation code the key was issued for; null for the trial. */
  activationCode: string | null;
  /** Epoch ms; the client counts `stop` down as the remaining time. */
  activationTimeRange: { start: number; stop: number };
  /** Version of the key format. */
  version: number;
}

export interface LicenseSession {
  state: { status: LicenseStatus; reason?: LicenseStateReason; description: string };
  /** While pending_change: the license the next start will use. Otherwise the one in effect. */
  license: LicenseDetails;
  /** What the activation service binds a key to (offline activation shows it). */
  machineId: string;
  /** The stored signed key; null for the trial. */
  licenseKey: string | null;
  /** The location description the key was issued with; null when none. */
  location: string | null;
  /** Epoch ms; as `expires`. */
  supportExpiry: number;
}

/** POST /service/license-session: a signed key as the activation service answered it (or pasted offline). */
export const AddLicenseBody = Type.Object({ license: Type.String({ minLength: 1, maxLength: 8192 }) }, { additionalProperties: false });
export type AddLicenseRequest = Static<typeof AddLicenseBody>;

/** The spec's wording when a remove fails (spec 8). */
export const REMOVE_LICENSE_FAILED = 'failed to remove license';

/**
 * GET /service/discoverable/orchids/1: what a client (or later an
 * aggregator) learns of this recorder. Kept small: iceServers is empty (the
 * recorder's WebRTC uses host candidates only), and recordingCapabilities
 * names the styles and the default recording configuration, not every
 * per-style limit (those are in server/shared/recording-style.ts).
 */
export interface DiscoverableOrchid {
  machineId: string;
  iceServers: Array<{ urls: string[]; username?: string; credential?: string }>;
  licenseSession: LicenseSession;
  recordingCapabilities: {
    styles: readonly RecordingStyle[];
    defaultStyle: RecordingStyle;
    defaults: RecordingConfiguration;
  };
  /** Where the client finds the activation service; null when the recorder was given none (offline activation only). */
  activationUrl: string | null;
}

// ---- The external activation service (spec 7) ----

/** POST /activate, application/x-www-form-urlencoded. */
export const ACTIVATE_FIELDS = ['activation_code', 'machine_id', 'location_description', 'headless'] as const;
/** POST /renew, application/x-www-form-urlencoded. */
export const RENEW_FIELDS = ['renewal_code', 'activation_code'] as const;

export type ActivationErrorCode = 'malformed' | 'unknown-code' | 'code-in-use' | 'not-activated' | 'renewal-used';

export type ActivationAnswer = { status: 'success'; license: string } | { status: 'error'; code: ActivationErrorCode; reason: string };
