/**
 * The recorder's license session (spec 3): read from the discoverable
 * orchid when the shell opens after sign-in, and again after the Activation
 * screen adds or removes a license. The top bar's bad-license button reads
 * `problem`; the license/storage error dialog opens by itself once per page
 * load when the recorder is degraded (the flag lives with the module, so a
 * sign-out and sign-in in the same page does not open it again).
 */
import { proxy, ref } from 'valtio/vanilla';
import type { DiscoverableOrchid, LicenseSession } from '../../server/shared/api';
import { licenseApi } from '../api/license-api';
import { licenseProblem, opensByItself, type LicenseProblem } from '../core/license/license-rules';

export interface LicenseState {
  session: LicenseSession | null;
  /** Where the activation service answers; null when the recorder names none (offline only). */
  activationUrl: string | null;
  machineId: string | null;
  /** Null while normal (or not read yet). */
  problem: LicenseProblem | null;
  dialogOpen: boolean;
}

export const licenseState = proxy<LicenseState>({ session: null, activationUrl: null, machineId: null, problem: null, dialogOpen: false });

let openedByItself = false;

export function applyOrchid(orchid: DiscoverableOrchid): void {
  applySession(orchid.licenseSession);
  licenseState.activationUrl = orchid.activationUrl;
  licenseState.machineId = orchid.machineId;
}

export function applySession(session: LicenseSession): void {
  licenseState.session = ref(session);
  licenseState.machineId = session.machineId;
  licenseState.problem = licenseProblem(session.state);
  if (opensByItself(session.state) && !openedByItself) {
    openedByItself = true;
    licenseState.dialogOpen = true;
  }
}

/** Reads the session again; answers the orchid, or throws the call's error (the caller says what failed). */
export async function refreshLicense(): Promise<DiscoverableOrchid> {
  const orchid = await licenseApi.orchid();
  applyOrchid(orchid);
  return orchid;
}

/** The shell's read: a failure leaves the last session (the ping decides whether the server is gone). */
export function loadLicenseQuietly(): void {
  refreshLicense().catch(() => undefined);
}

export function setLicenseDialogOpen(open: boolean): void {
  licenseState.dialogOpen = open;
}
