/**
 * Recorder options. Each option is a command-line flag and an environment
 * variable (flag wins). Defaults follow spec point 1: HTTP 80, RTSP 554 on
 * Linux (8554 on Windows). The admin password can come from a file
 * (--admin-password-file / ARGUS_ADMIN_PASSWORD_FILE), read once here, so it
 * never shows in `ps` the way --admin-password does.
 */
import path from 'node:path';
import { ConfigError, optionHelp, readOptions, type OptionSpec } from '../../common/options';

export interface RecorderConfig {
  host: string;
  httpPort: number;
  rtspPort: number;
  dataDir: string;
  /** Folder of the master key that seals camera passwords; apart from the database (default <data-dir>/secrets). */
  secretsDir: string;
  /** When unset, the first start generates a password for 'admin' and prints it once. */
  adminPassword: string | undefined;
  demoCameras: number;
  /** Longest export a user may request (spec 9 names the setting, not its value). */
  maxExportHours: number;
  /** Length of archive segments; shorter ones let retention free space in smaller steps. */
  segmentSeconds: number;
  /** Disk use (% of the archive volume) above which the retention cleaner removes the oldest archives. */
  cleanerThresholdPercent: number;
  /**
   * Seconds between the cleaner's full passes (age rule of retention
   * overrides, and space). Default 60: an override is kept to within a
   * minute; tests shorten it to see a pass without waiting.
   */
  cleanerIntervalSeconds: number;
  /** Folder of the built client served at '/'. */
  clientDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Origins (scheme://host[:port]) whose pages may show the client in a frame, besides the recorder's own. */
  embedOrigins: string[];
  /**
   * The activation service's Ed25519 public key (PEM), read from the file
   * --license-issuer-key names. Without it no license key can be checked:
   * the trial runs, and a stored key makes the session degraded.
   */
  licenseIssuerKeyPem: string | undefined;
  /**
   * The trusted issuer attached at each start (identity/trusted-issuer.ts):
   * its name, the `iss` its JWTs carry (--trusted-issuer), and its public key
   * (PEM, read from the file --trusted-issuer-key names). Both or neither.
   * Without them the issuer attached through the API (if any) stays.
   */
  trustedIssuer: string | undefined;
  trustedIssuerKeyPem: string | undefined;
  /** Where the client reaches the activation service (http(s) URL); '' for none (offline activation only). */
  activationUrl: string;
  /** Seconds a property change saved from the editor has to be confirmed before it is rolled back (spec 9: 5 minutes). */
  propertiesConfirmSeconds: number;
  /**
   * Runs this recorder's clock ahead (positive) or behind (negative) the
   * machine's by this many seconds, everywhere it tells time (core/shifted-clock.ts):
   * one machine can then run a federation whose clocks differ. 0 in production.
   */
  clockOffsetSeconds: number;
}

const OPTIONS: Array<OptionSpec<RecorderConfig>> = [
  { flag: '--host', env: 'ARGUS_HOST', kind: 'string', key: 'host' },
  { flag: '--http-port', env: 'ARGUS_HTTP_PORT', kind: 'int', key: 'httpPort' },
  { flag: '--rtsp-port', env: 'ARGUS_RTSP_PORT', kind: 'int', key: 'rtspPort' },
  { flag: '--data-dir', env: 'ARGUS_DATA_DIR', kind: 'string', key: 'dataDir' },
  { flag: '--secrets-dir', env: 'ARGUS_SECRETS_DIR', kind: 'string', key: 'secretsDir' },
  { flag: '--admin-password', env: 'ARGUS_ADMIN_PASSWORD', kind: 'string', key: 'adminPassword' },
  { flag: '--admin-password-file', env: 'ARGUS_ADMIN_PASSWORD_FILE', kind: 'file', key: 'adminPassword' },
  { flag: '--demo-cameras', env: 'ARGUS_DEMO_CAMERAS', kind: 'int', key: 'demoCameras' },
  { flag: '--max-export-hours', env: 'ARGUS_MAX_EXPORT_HOURS', kind: 'int', key: 'maxExportHours' },
  { flag: '--cleaner-threshold', env: 'ARGUS_CLEANER_THRESHOLD', kind: 'int', key: 'cleanerThresholdPercent' },
  { flag: '--cleaner-interval-seconds', env: 'ARGUS_CLEANER_INTERVAL_SECONDS', kind: 'int', key: 'cleanerIntervalSeconds' },
  { flag: '--segment-seconds', env: 'ARGUS_SEGMENT_SECONDS', kind: 'int', key: 'segmentSeconds' },
  { flag: '--client-dir', env: 'ARGUS_CLIENT_DIR', kind: 'string', key: 'clientDir' },
  { flag: '--log-level', env: 'ARGUS_LOG_LEVEL', kind: 'string', key: 'logLevel' },
  { flag: '--embed-origins', env: 'ARGUS_EMBED_ORIGINS', kind: 'origins', key: 'embedOrigins' },
  { flag: '--license-issuer-key', env: 'ARGUS_LICENSE_ISSUER_KEY', kind: 'file', key: 'licenseIssuerKeyPem' },
  { flag: '--trusted-issuer', env: 'ARGUS_TRUSTED_ISSUER', kind: 'string', key: 'trustedIssuer' },
  { flag: '--trusted-issuer-key', env: 'ARGUS_TRUSTED_ISSUER_KEY', kind: 'file', key: 'trustedIssuerKeyPem' },
  { flag: '--activation-url', env: 'ARGUS_ACTIVATION_URL', kind: 'string', key: 'activationUrl' },
  { flag: '--properties-confirm-seconds', env: 'ARGUS_PROPERTIES_CONFIRM_SECONDS', kind: 'int', key: 'propertiesConfirmSeconds' },
  { flag: '--clock-offset-seconds', env: 'ARGUS_CLOCK_OFFSET_SECONDS', kind: 'signed-int', key: 'clockOffsetSeconds' },
];

/** A clock more than a year off is a typing mistake, not a test of skew. */
export const MAX_CLOCK_OFFSET_SECONDS = 366 * 86_400;

export const OPTION_HELP = optionHelp(OPTIONS);

export { ConfigError };

export function defaultConfig(repoRoot: string): RecorderConfig {
  return {
    host: '0.0.0.0',
    httpPort: 80,
    rtspPort: process.platform === 'win32' ? 8554 : 554,
    dataDir: path.join(repoRoot, '.data', 'recorder'),
    // Empty: <data-dir>/secrets, resolved once the data folder is known.
    secretsDir: '',
    adminPassword: undefined,
    demoCameras: 4,
    maxExportHours: 24,
    cleanerThresholdPercent: 90,
    cleanerIntervalSeconds: 60,
    segmentSeconds: 60,
    clientDir: path.join(repoRoot, 'dist', 'client'),
    logLevel: 'warn',
    embedOrigins: [],
    licenseIssuerKeyPem: undefined,
    trustedIssuer: undefined,
    trustedIssuerKeyPem: undefined,
    activationUrl: '',
    propertiesConfirmSeconds: 300,
    clockOffsetSeconds: 0,
  };
}

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv, defaults: RecorderConfig): RecorderConfig {
  const config = readOptions(argv, env, defaults, OPTIONS);
  for (const port of [config.httpPort, config.rtspPort]) {
    if (port > 65535) throw new ConfigError(`Port ${port} is out of range`);
  }
  if (config.cleanerThresholdPercent < 1 || config.cleanerThresholdPercent > 99) {
    throw new ConfigError('--cleaner-threshold must be a percentage from 1 to 99');
  }
  if (config.cleanerIntervalSeconds < 1 || config.cleanerIntervalSeconds > 3600) {
    throw new ConfigError('--cleaner-interval-seconds must be from 1 to 3600');
  }
  if (config.segmentSeconds < 10 || config.segmentSeconds > 600) throw new ConfigError('--segment-seconds must be from 10 to 600');
  if (config.propertiesConfirmSeconds < 1) throw new ConfigError('--properties-confirm-seconds must be at least 1');
  if (Math.abs(config.clockOffsetSeconds) > MAX_CLOCK_OFFSET_SECONDS) {
    throw new ConfigError(`--clock-offset-seconds must be from -${MAX_CLOCK_OFFSET_SECONDS} to ${MAX_CLOCK_OFFSET_SECONDS} (one year)`);
  }
  if (config.maxExportHours < 1) throw new ConfigError('--max-export-hours must be at least 1');
  if (config.adminPassword !== undefined && config.adminPassword.length < 4) {
    throw new ConfigError('--admin-password must be at least 4 characters');
  }
  if (config.activationUrl !== '' && !/^https?:\/\/[^\s'"<>]+$/.test(config.activationUrl)) {
    throw new ConfigError(`--activation-url must be an http(s) URL, got '${config.activationUrl}'`);
  }
  if (config.licenseIssuerKeyPem !== undefined && !config.licenseIssuerKeyPem.includes('BEGIN PUBLIC KEY')) {
    throw new ConfigError('--license-issuer-key must name a PEM public key file (-----BEGIN PUBLIC KEY-----)');
  }
  if ((config.trustedIssuer === undefined) !== (config.trustedIssuerKeyPem === undefined)) {
    throw new ConfigError('--trusted-issuer and --trusted-issuer-key go together: the issuer name its tokens carry (iss) and its public key file');
  }
  if (config.trustedIssuerKeyPem !== undefined && !config.trustedIssuerKeyPem.includes('BEGIN PUBLIC KEY')) {
    throw new ConfigError('--trusted-issuer-key must name a PEM public key file (-----BEGIN PUBLIC KEY-----)');
  }
  config.dataDir = path.resolve(config.dataDir);
  config.secretsDir = path.resolve(config.secretsDir || path.join(config.dataDir, 'secrets'));
  config.clientDir = path.resolve(config.clientDir);
  return config;
}
