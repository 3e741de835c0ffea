import { describe, expect, it } from 'vitest';
import { startBanner } from '../../../../server/common/start-banner';

describe('start banner', () => {
  it('shows the address to open, loopback for every interface and no :80', () => {
    expect(startBanner('recorder', { host: '0.0.0.0', httpPort: 80, adminPassword: 'x' }, undefined)[0]).toBe('Argus VMS recorder is ready at http://127.0.0.1/');
    expect(startBanner('aggregator', { host: '127.0.0.2', httpPort: 8090, adminPassword: 'x' }, undefined)[0]).toBe(
      'Argus VMS aggregator is ready at http://127.0.0.2:8090/',
    );
  });

  it('says how to sign in: the generated password once, the given one, or the one printed before', () => {
    const options = { host: '127.0.0.1', httpPort: 8080, adminPassword: undefined };
    expect(startBanner('recorder', options, 'Gen-123').slice(1)).toEqual([
      "Sign in as 'admin' with the generated password: Gen-123",
      '(shown once; set your own with --admin-password-file or ARGUS_ADMIN_PASSWORD)',
    ]);
    expect(startBanner('recorder', { ...options, adminPassword: 'secret' }, undefined).slice(1)).toEqual([
      "Sign in as 'admin' with the password given by --admin-password.",
    ]);
    expect(startBanner('aggregator', options, undefined).slice(1)).toEqual([
      "Sign in as 'admin' with the password printed at the first start (or restart with --admin-password).",
    ]);
  });
});
