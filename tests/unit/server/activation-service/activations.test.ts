import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { activate, renew } from '../../../../server/activation-service/activations';
import { CodeStore } from '../../../../server/activation-service/code-store';
import { readLicensePayload, verifyLicense } from '../../../../server/recorder/license/license-key';

const issuer = generateKeyPairSync('ed25519');
const NOW = 1_800_000_000_000;
const DAY = 86_400_000;
const CODE = 'ABCDE-12345-FGHIJ-67890';
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function store(): CodeStore {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-codes-'));
  folders.push(folder);
  const codes = new CodeStore(folder);
  codes.seed([{ code: CODE, cameras: 3, validDays: 30 }, { code: 'AB12-CD34-EF56-GH78', cameras: 10, validDays: 365 }]);
  return codes;
}

describe('activation service', () => {
  it('activates a code for one machine with a key the recorder accepts', () => {
    const result = activate(store(), issuer.privateKey, { activation_code: CODE.toLowerCase(), machine_id: 'machine-0001', location_description: 'Lab' }, NOW);
    expect(result.status).toBe('success');
    const key = result.status === 'success' ? result.license : '';
    expect(verifyLicense(key, { issuerPublicKey: issuer.publicKey, machineId: 'machine-0001', nowMs: NOW })).toMatchObject({
      ok: true,
      payload: { cameras: 3, expiresMs: NOW + 30 * DAY, location: 'Lab', activationCode: CODE },
    });
  });

  it('refuses unknown, malformed and already-used codes with their code', () => {
    const codes = store();
    expect(activate(codes, issuer.privateKey, { activation_code: 'ZZZZZ-12345-FGHIJ-67890', machine_id: 'machine-0001' }, NOW)).toMatchObject({ code: 'unknown-code' });
    expect(activate(codes, issuer.privateKey, { activation_code: 'ABCDE', machine_id: 'machine-0001' }, NOW)).toMatchObject({ code: 'malformed' });
    expect(activate(codes, issuer.privateKey, { activation_code: CODE, machine_id: 'machine-0001', location_description: '  ' }, NOW)).toMatchObject({ code: 'malformed' });
    expect(activate(codes, issuer.privateKey, { activation_code: CODE, machine_id: 'machine-0001' }, NOW).status).toBe('success');
    expect(activate(codes, issuer.privateKey, { activation_code: CODE, machine_id: 'machine-0002' }, NOW)).toMatchObject({ code: 'code-in-use' });
    // The same machine asking again gets its key again, with the same expiry.
    const again = activate(codes, issuer.privateKey, { activation_code: CODE, machine_id: 'machine-0001' }, NOW + DAY);
    expect(again.status === 'success' && readLicensePayload(again.license)?.expiresMs).toBe(NOW + 30 * DAY);
  });

  it('renews an activated code once: a later expiry and the upgrade the renewal carries', () => {
    const codes = store();
    expect(renew(codes, issuer.privateKey, { renewal_code: 'AB12-CD34-EF56-GH78', activation_code: CODE }, NOW)).toMatchObject({ code: 'not-activated' });
    activate(codes, issuer.privateKey, { activation_code: CODE, machine_id: 'machine-0001' }, NOW);
    const renewed = renew(codes, issuer.privateKey, { renewal_code: 'ab12-cd34-ef56-gh78', activation_code: CODE }, NOW + DAY);
    expect(renewed.status).toBe('success');
    expect(renewed.status === 'success' && readLicensePayload(renewed.license)).toMatchObject({ cameras: 10, expiresMs: NOW + 395 * DAY, machineId: 'machine-0001' });
    expect(renew(codes, issuer.privateKey, { renewal_code: 'AB12-CD34-EF56-GH78', activation_code: CODE }, NOW)).toMatchObject({ code: 'renewal-used' });
  });
});
