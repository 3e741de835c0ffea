import { describe, expect, it } from 'vitest';
import type { LicenseSession } from '../../../../server/shared/api';
import { applySession, licenseState, setLicenseDialogOpen } from '../../../../src/state/license.store';

function session(state: LicenseSession['state']): LicenseSession {
  return {
    state,
    license: {
      edition: 'trial',
      brandedEdition: 'Argus VMS Trial',
      cameras: 4,
      retention: null,
      retentionDescription: 'Unlimited',
      expires: 8_640_000_000_000_000,
      expiresDescription: 'n/a',
      activationCode: null,
      activationTimeRange: { start: 0, stop: 8_640_000_000_000_000 },
      version: 1,
    },
    machineId: 'machine-0001',
    licenseKey: null,
    location: null,
    supportExpiry: 8_640_000_000_000_000,
  };
}

describe('license store', () => {
  it('shows the problem while not normal and opens the error dialog by itself once per page load when degraded', () => {
    applySession(session({ status: 'normal', description: 'Trial edition (not activated).' }));
    expect(licenseState.problem).toBeNull();
    expect(licenseState.dialogOpen).toBe(false);

    applySession(session({ status: 'pending_change', reason: 'restart', description: '' }));
    expect(licenseState.problem).toBe('restart');
    expect(licenseState.dialogOpen).toBe(false); // a pending change waits for the button

    applySession(session({ status: 'degraded', reason: 'storage', description: '' }));
    expect(licenseState.problem).toBe('storage');
    expect(licenseState.dialogOpen).toBe(true);

    setLicenseDialogOpen(false);
    applySession(session({ status: 'degraded', reason: 'license', description: '' }));
    expect(licenseState.problem).toBe('license');
    expect(licenseState.dialogOpen).toBe(false); // not again in the same page load
    expect(licenseState.machineId).toBe('machine-0001');
  });
});
