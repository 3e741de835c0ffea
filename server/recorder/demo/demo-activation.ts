/**
 * The demo's activation service: with demo cameras (npm start's default) and
 * no activation service of its own (--activation-url, --license-issuer-key),
 * the recorder starts a real one in its process on a free loopback port
 * (server/activation-service), seeded with one activation and one renewal
 * code, and trusts its key. So the Activation screen works end to end on a
 * fresh machine: the client pings it, activates a code, and the recorder
 * checks the signed key offline. Its keys and codes live in
 * <data-dir>/demo-activation, so a key it issued stays valid across restarts.
 *
 * Not for production: a real installation is given its vendor's service and
 * public key by those two flags, and this one does not start.
 */
import path from 'node:path';
import { startActivationService, type ActivationService } from '../../activation-service/app';

/** A core license for 16 cameras, unlimited retention, a year. */
export const DEMO_ACTIVATION_CODE = 'DEMO1-ARGUS-CORE1-00016';
/** Renews (and upgrades to 32 cameras) a license issued for DEMO_ACTIVATION_CODE. */
export const DEMO_RENEWAL_CODE = 'DEMO-RENW-0032-0001';

export interface DemoActivation {
  service: ActivationService;
  activationCode: string;
  renewalCode: string;
}

export function wantsDemoActivation(config: { demoCameras: number; activationUrl: string; licenseIssuerKeyPem: string | undefined }): boolean {
  return config.demoCameras > 0 && config.activationUrl === '' && config.licenseIssuerKeyPem === undefined;
}

export async function startDemoActivation(dataDir: string): Promise<DemoActivation> {
  const service = await startActivationService({
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(dataDir, 'demo-activation'),
    codes: [
      { code: DEMO_ACTIVATION_CODE, edition: 'core', cameras: 16, retentionBytes: null, validDays: 365 },
      { code: DEMO_RENEWAL_CODE, cameras: 32, validDays: 365 },
    ],
  });
  return { service, activationCode: DEMO_ACTIVATION_CODE, renewalCode: DEMO_RENEWAL_CODE };
}
