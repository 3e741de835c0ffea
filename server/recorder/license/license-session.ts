/**
 * The license session (spec 3, 4): what the recorder may do under the
 * license it started with, and the license the next start will use.
 *
 * At construction (the recorder's start) a pending change is applied: a key
 * added since the last start becomes the license, a removal leaves the
 * trial. Then the state is fixed for this run:
 * - no license: the trial edition (not activated), TRIAL_LIMITS, normal;
 * - a valid key: its edition and limits, normal;
 * - a key that fails its check (signature, machine, expiry, no issuer key):
 *   degraded, reason 'license';
 * - the archive storage changed (storage-marker.ts): degraded, reason
 *   'storage', whatever the license.
 * Degraded stops recording and cleaning (services.ts holds those seams).
 * Adding or removing a license is stored and shown as pending_change; it
 * applies at the next start (spec 3: "Adding a license requires a
 * restart"). `recheck` (run every minute) degrades a running recorder whose
 * license expires or whose storage goes away; listeners given to `onChange`
 * hear of every change (system events are wired to it where they exist).
 *
 * Plain TypeScript over a settings port; no Fastify. Cost: one signature
 * check per start, per added key and per recheck of an expiring key.
 */
import {
  NO_EXPIRY_MS,
  type LicenseDetails,
  type LicenseSession,
  type LicenseStateReason,
  type LicenseStatus,
} from '../../shared/api/license';
import { badRequest } from '../../common/api-error';
import { LICENSE_KEY_VERSION, readLicensePayload, verifyLicense, type LicensePayload } from './license-key';
import type { StorageCheck } from './storage-marker';

export const LICENSE_KEY_SETTING = 'license.key';
/** A key added since the start; '' when a removal is pending. */
export const PENDING_KEY_SETTING = 'license.pendingKey';
export const TRIAL_START_SETTING = 'license.trialStartMs';

/**
 * The trial: 16 cameras (the demo starts 4 and the test rigs register
 * several, so evaluating the product never meets the limit), unlimited
 * retention (the disk threshold still applies), no expiry.
 */
export const TRIAL_LIMITS = { cameras: 16, retentionBytes: null as number | null };

export type LicenseChange = 'added' | 'removed' | 'degraded';
export type LicenseListener = (change: LicenseChange, session: LicenseSession) => void;

interface SettingsPort {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): void;
}

export interface LicenseSessionDeps {
  settings: SettingsPort;
  machineId: string;
  /** The activation service's public key (PEM); undefined when the recorder was given none. */
  issuerPublicKey: string | undefined;
  /** The storage check made at this start; `recheckStorage` repeats it while running. */
  storage: StorageCheck;
  recheckStorage?: () => StorageCheck;
  now?: () => number;
  brandName?: string;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/** Spec 9: base 1024, one decimal. */
export function bytesText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

export class LicenseSessionService {
  private readonly now: () => number;
  private readonly listeners: LicenseListener[] = [];
  /** The license this run uses (undefined: the trial). */
  private readonly effective: LicensePayload | undefined;
  private degraded: { reason: Exclude<LicenseStateReason, 'restart'>; description: string } | undefined;

  constructor(private readonly deps: LicenseSessionDeps) {
    this.now = deps.now ?? Date.now;
    const { settings } = deps;
    if (!settings.get(TRIAL_START_SETTING)) settings.set(TRIAL_START_SETTING, String(this.now()));
    const pending = settings.get(PENDING_KEY_SETTING);
    if (pending !== undefined) {
      if (pending === '') settings.delete(LICENSE_KEY_SETTING);
      else settings.set(LICENSE_KEY_SETTING, pending);
      settings.delete(PENDING_KEY_SETTING);
    }
    const key = settings.get(LICENSE_KEY_SETTING);
    if (key !== undefined) {
      const check = this.check(key);
      if (check.ok) this.effective = check.payload;
      else this.degraded = { reason: 'license', description: `Invalid server license: ${check.reason} Recording and cleaning are stopped.` };
    }
    // The storage reason wins: it is the one that risks someone else's disk.
    if (!deps.storage.ok) this.degraded = { reason: 'storage', description: `${deps.storage.description} Recording and cleaning are stopped.` };
  }

  private check(key: string) {
    return verifyLicense(key, { issuerPublicKey: this.deps.issuerPublicKey, machineId: this.deps.machineId, nowMs: this.now() });
  }

  onChange(listener: LicenseListener): void {
    this.listeners.push(listener);
  }

  private emit(change: LicenseChange): void {
    const session = this.session();
    for (const listener of this.listeners) listener(change, session);
  }

  /** True when this run must not record, clean or run streams. */
  isDegraded(): boolean {
    return this.degraded !== undefined;
  }

  /** Most cameras this run may have registered. */
  cameraLimit(): number {
    return this.effective?.cameras ?? TRIAL_LIMITS.cameras;
  }

  /** Most archive bytes this run keeps; null for unlimited. */
  retentionCapBytes(): number | null {
    return this.effective ? this.effective.retentionBytes : TRIAL_LIMITS.retentionBytes;
  }

  /** Checks a key and stores it for the next start; throws a 400 with the reason for a key that fails. */
  add(key: string): LicenseSession {
    const check = this.check(key);
    if (!check.ok) throw badRequest(check.reason, `license-${check.problem}`);
    this.deps.settings.set(PENDING_KEY_SETTING, key.trim());
    this.emit('added');
    return this.session();
  }

  /** Marks the license for removal at the next start (the trial then). Without a license and nothing pending, changes nothing. */
  remove(): LicenseSession {
    const { settings } = this.deps;
    const pending = settings.get(PENDING_KEY_SETTING);
    if (settings.get(LICENSE_KEY_SETTING) === undefined) {
      if (pending === undefined) return this.session();
      // Only an added, not yet applied key: forgetting it is the whole removal.
      settings.delete(PENDING_KEY_SETTING);
    } else {
      settings.set(PENDING_KEY_SETTING, '');
    }
    this.emit('removed');
    return this.session();
  }

  /** Degrades a running recorder whose license expired or whose storage changed; answers true on that change. */
  recheck(): boolean {
    if (this.degraded) return false;
    const storage = this.deps.recheckStorage?.();
    if (storage && !storage.ok) {
      this.degraded = { reason: 'storage', description: `${storage.description} Recording and cleaning are stopped.` };
    } else if (this.effective?.expiresMs != null && this.effective.expiresMs <= this.now()) {
      this.degraded = { reason: 'license', description: 'Invalid server license: the license key has expired. Recording and cleaning are stopped.' };
    }
    if (!this.degraded) return false;
    this.emit('degraded');
    return true;
  }

  session(): LicenseSession {
    const { settings } = this.deps;
    const pending = settings.get(PENDING_KEY_SETTING);
    // What the next start uses: the pending key (or the trial for a pending removal), else the stored key.
    const shownKey = pending !== undefined ? pending || null : (settings.get(LICENSE_KEY_SETTING) ?? null);
    const shown = shownKey === null ? undefined : readLicensePayload(shownKey);
    let status: LicenseStatus = 'normal';
    let reason: LicenseStateReason | undefined;
    let description = shown ? `Licensed: ${this.brandedEdition(shown.edition)}.` : 'Trial edition (not activated).';
    if (pending !== undefined) {
      status = 'pending_change';
      reason = 'restart';
      description = pending ? 'A new license was added; restart the server to use it.' : 'The license was removed; restart the server to return to the trial.';
    } else if (this.degraded) {
      status = 'degraded';
      reason = this.degraded.reason;
      description = this.degraded.description;
    }
    const expires = shown?.expiresMs ?? NO_EXPIRY_MS;
    return {
      state: reason ? { status, reason, description } : { status, description },
      license: this.details(shown),
      machineId: this.deps.machineId,
      licenseKey: shownKey,
      location: shown?.location ?? null,
      supportExpiry: expires,
    };
  }

  private brandedEdition(edition: LicenseDetails['edition']): string {
    const brand = this.deps.brandName ?? 'Argus VMS';
    return `${brand} ${edition.charAt(0).toUpperCase()}${edition.slice(1)}`;
  }

  private details(payload: LicensePayload | undefined): LicenseDetails {
    const retention = payload ? payload.retentionBytes : TRIAL_LIMITS.retentionBytes;
    const expires = payload?.expiresMs ?? NO_EXPIRY_MS;
    const trialStart = Number(this.deps.settings.get(TRIAL_START_SETTING) ?? this.now());
    return {
      edition: payload?.edition ?? 'trial',
      brandedEdition: this.brandedEdition(payload?.edition ?? 'trial'),
      cameras: payload?.cameras ?? TRIAL_LIMITS.cameras,
      retention,
      retentionDescription: retention === null ? 'Unlimited' : bytesText(retention),
      expires,
      expiresDescription: payload?.expiresMs == null ? 'Never' : new Date(payload.expiresMs).toISOString(),
      activationCode: payload?.activationCode ?? null,
      activationTimeRange: { start: payload?.issuedAtMs ?? trialStart, stop: expires },
      version: payload?.version ?? LICENSE_KEY_VERSION,
    };
  }
}
