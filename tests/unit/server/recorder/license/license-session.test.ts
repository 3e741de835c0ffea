import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXPIRY_NOT_APPLICABLE_ABOVE_MS } from '../../../../../server/shared/api/license';
import { signLicense, type LicensePayload } from '../../../../../server/recorder/license/license-key';
import { LicenseSessionService, TRIAL_LIMITS, type LicenseChange } from '../../../../../server/recorder/license/license-session';
import type { StorageCheck } from '../../../../../server/recorder/license/storage-marker';

const issuer = generateKeyPairSync('ed25519');
const publicPem = issuer.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const NOW = 1_800_000_000_000;
const MACHINE = 'machine-0001';
const SAME_STORAGE: StorageCheck = { ok: true, created: false, deviceChanged: false };

function memorySettings() {
  const values = new Map<string, string>();
  return {
    get: (name: string) => values.get(name),
    set: (name: string, value: string) => void values.set(name, value),
    delete: (name: string) => void values.delete(name),
  };
}

function key(overrides: Partial<LicensePayload> = {}): string {
  return signLicense(
    {
      version: 1,
      machineId: MACHINE,
      edition: 'core',
      cameras: 2,
      retentionBytes: 5 * 1024 ** 3,
      expiresMs: NOW + 86_400_000,
      activationCode: 'ABCDE-12345-FGHIJ-67890',
      location: 'Lab',
      issuedAtMs: NOW,
      ...overrides,
    },
    issuer.privateKey,
  );
}

/** One start of the recorder over the same settings. */
function start(settings: ReturnType<typeof memorySettings>, options: { storage?: StorageCheck; now?: number; issuer?: string } = {}) {
  let now = options.now ?? NOW;
  const service = new LicenseSessionService({
    settings,
    machineId: MACHINE,
    issuerPublicKey: options.issuer ?? publicPem,
    storage: options.storage ?? SAME_STORAGE,
    now: () => now,
  });
  return { service, setNow: (ms: number) => (now = ms) };
}

describe('license session', () => {
  it('runs the trial without a license: normal, 16 cameras, unlimited retention, no expiry', () => {
    const { service } = start(memorySettings());
    const session = service.session();
    expect(session.state.status).toBe('normal');
    expect(session.license).toMatchObject({ edition: 'trial', cameras: TRIAL_LIMITS.cameras, retention: null, activationCode: null });
    expect(session.license.expires).toBeGreaterThan(EXPIRY_NOT_APPLICABLE_ABOVE_MS);
    expect(session.machineId).toBe(MACHINE);
    expect(service.cameraLimit()).toBe(16);
    expect(service.retentionCapBytes()).toBeNull();
  });

  it('holds an added key as a pending change and uses it from the next start', () => {
    const settings = memorySettings();
    const first = start(settings).service;
    const session = first.add(key());
    expect(session.state).toMatchObject({ status: 'pending_change', reason: 'restart' });
    expect(session.license.edition).toBe('core');
    // This run keeps the trial's limits.
    expect(first.cameraLimit()).toBe(16);
    const second = start(settings).service;
    expect(second.session().state.status).toBe('normal');
    expect(second.session().license).toMatchObject({ edition: 'core', cameras: 2, retention: 5 * 1024 ** 3 });
    expect(second.session().location).toBe('Lab');
    expect(second.cameraLimit()).toBe(2);
    expect(second.retentionCapBytes()).toBe(5 * 1024 ** 3);
  });

  it('refuses a key that fails its check with a 400 and its reason, storing nothing', () => {
    const settings = memorySettings();
    const { service } = start(settings);
    const tampered = key().replace(/^[^.]+/, Buffer.from(JSON.stringify({ edition: 'core' })).toString('base64url'));
    for (const bad of [key({ machineId: 'other-machine' }), key({ expiresMs: NOW - 1 }), tampered, 'not a key']) {
      expect(() => service.add(bad)).toThrow(expect.objectContaining({ status: 400 }));
    }
    expect(service.session().state.status).toBe('normal');
  });

  it('removes a license at the next start, back to the trial', () => {
    const settings = memorySettings();
    start(settings).service.add(key());
    const licensed = start(settings).service;
    expect(licensed.remove().state.status).toBe('pending_change');
    expect(licensed.session().license.edition).toBe('trial');
    const trial = start(settings).service;
    expect(trial.session().state.status).toBe('normal');
    expect(trial.session().license.edition).toBe('trial');
    // Nothing to remove: nothing changes.
    expect(trial.remove().state.status).toBe('normal');
  });

  it('is degraded for the license when the stored key no longer checks (another issuer, expired)', () => {
    const settings = memorySettings();
    start(settings).service.add(key());
    const otherIssuer = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const wrong = start(settings, { issuer: otherIssuer }).service;
    expect(wrong.isDegraded()).toBe(true);
    expect(wrong.session().state).toMatchObject({ status: 'degraded', reason: 'license' });
    const expired = start(settings, { now: NOW + 2 * 86_400_000 }).service;
    expect(expired.session().state).toMatchObject({ status: 'degraded', reason: 'license' });
  });

  it('is degraded for the storage when the storage changed, whatever the license', () => {
    const storage: StorageCheck = { ok: false, reason: 'marker-missing', description: 'The storage device changed.' };
    const { service } = start(memorySettings(), { storage });
    expect(service.isDegraded()).toBe(true);
    expect(service.session().state).toMatchObject({ status: 'degraded', reason: 'storage' });
  });

  it('degrades a running recorder whose storage goes away', () => {
    let storage: StorageCheck = SAME_STORAGE;
    const service = new LicenseSessionService({
      settings: memorySettings(),
      machineId: MACHINE,
      issuerPublicKey: publicPem,
      storage,
      recheckStorage: () => storage,
      now: () => NOW,
    });
    expect(service.recheck()).toBe(false);
    storage = { ok: false, reason: 'marker-missing', description: 'The storage device changed.' };
    expect(service.recheck()).toBe(true);
    expect(service.isDegraded()).toBe(true);
    expect(service.session().state).toMatchObject({ status: 'degraded', reason: 'storage' });
  });

  it('degrades a running recorder whose license expires, and tells its listeners', () => {
    const settings = memorySettings();
    start(settings).service.add(key());
    const { service, setNow } = start(settings);
    const changes: LicenseChange[] = [];
    service.onChange((change) => changes.push(change));
    expect(service.recheck()).toBe(false);
    setNow(NOW + 2 * 86_400_000);
    expect(service.recheck()).toBe(true);
    expect(service.session().state).toMatchObject({ status: 'degraded', reason: 'license' });
    expect(changes).toEqual(['degraded']);
  });
});
