/**
 * Whether the serving recorder can recover a camera (spec 5: server version
 * 2.2.2 or later). The version comes from GET /service/about, which the
 * client reads before sign-in (server.store.ts). Pure.
 */
export const CAMERA_RECOVERY_MIN_VERSION = [2, 2, 2] as const;

/** 'major.minor.patch' with anything after it ('2.12.0-sim', '2.3.1+build') ignored; null when it does not start so. */
export function parseVersion(version: string): [number, number, number] | null {
  const match = /^\s*v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(version);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

export function isAtLeast(version: string, minimum: readonly [number, number, number]): boolean {
  const parsed = parseVersion(version);
  if (!parsed) return false;
  for (let i = 0; i < 3; i++) {
    if (parsed[i]! !== minimum[i]) return parsed[i]! > minimum[i]!;
  }
  return true;
}

export function supportsCameraRecovery(serverVersion: string | null | undefined): boolean {
  return typeof serverVersion === 'string' && isAtLeast(serverVersion, CAMERA_RECOVERY_MIN_VERSION);
}
