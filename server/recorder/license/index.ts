/** Licensing: the license session, its routes, the ingest guard, the machine id and the storage check. */
export { LicenseSessionService, TRIAL_LIMITS, type LicenseChange, type LicenseListener } from './license-session';
export { licenseRoutes } from './license-routes';
export { licensedIngest } from './license-guard';
export { recorderMachineId } from './machine-id';
export { checkStorage, STORAGE_MARKER_FILE } from './storage-marker';
export { signLicense, verifyLicense, type LicensePayload } from './license-key';
