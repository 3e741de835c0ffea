/**
 * The recorder's license calls (spec 7): the discoverable orchid (the
 * license session, machine id and activation service URL; every signed-in
 * user may read it), adding a signed key, removing the license, and the
 * trusted issuer (404 when the recorder has none).
 */
import type { DiscoverableOrchid, LicenseSession, TrustedIssuer } from '../../server/shared/api';
import { http } from './http';

export const licenseApi = {
  orchid: () => http.get<DiscoverableOrchid>('/service/discoverable/orchids/1', { queue: 'user' }),
  add: (license: string) => http.post<LicenseSession>('/service/license-session', { license }),
  remove: () => http.delete<LicenseSession>('/service/license-session'),
  trustedIssuer: () => http.get<TrustedIssuer>('/service/trusted/issuer', { queue: 'user' }),
  detachIssuer: () => http.delete('/service/trusted/issuer'),
};
