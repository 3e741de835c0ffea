/**
 * Aggregator options, in the recorder's style: each a flag and an
 * environment variable (flag wins), the admin password also from a file so
 * it never shows in `ps`. Storage is SQLite in the data folder unless
 * --database-url names a PostgreSQL server.
 */
import path from 'node:path';
import { ConfigError, optionHelp, readOptions, type OptionSpec } from '../../common/options';

export { ConfigError };

export type AggregatorLogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly AggregatorLogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface AggregatorConfig {
  host: string;
  httpPort: number;
  dataDir: string;
  /** Folder of the master key that seals recorder passwords, and of the key the aggregator signs recorder tokens with. */
  secretsDir: string;
  /** postgres://user:password@host:port/db, or '' for the embedded SQLite file. */
  databaseUrl: string;
  /** When unset, the first start generates a password for the superuser 'admin' and prints it once. */
  adminPassword: string | undefined;
  /** Local recorders started with the aggregator and registered with it (each with simulated cameras). */
  demoRecorders: number;
  /** Simulated cameras of each demo recorder. */
  demoCamerasPerRecorder: number;
  /** Seconds between health checks of each registered recorder. */
  healthIntervalSeconds: number;
  /** The oldest recorder version this aggregator works with (spec 7 about: minimumOrchidVersion). */
  minimumOrchidVersion: string;
  /** Folder of the built client served at '/'. */
  clientDir: string;
  logLevel: AggregatorLogLevel;
}

const OPTIONS: Array<OptionSpec<AggregatorConfig>> = [
  { flag: '--host', env: 'ARGUS_HOST', kind: 'string', key: 'host' },
  { flag: '--http-port', env: 'ARGUS_HTTP_PORT', kind: 'int', key: 'httpPort' },
  { flag: '--data-dir', env: 'ARGUS_DATA_DIR', kind: 'string', key: 'dataDir' },
  { flag: '--secrets-dir', env: 'ARGUS_SECRETS_DIR', kind: 'string', key: 'secretsDir' },
  { flag: '--database-url', env: 'ARGUS_DATABASE_URL', kind: 'string', key: 'databaseUrl' },
  { flag: '--admin-password', env: 'ARGUS_ADMIN_PASSWORD', kind: 'string', key: 'adminPassword' },
  { flag: '--admin-password-file', env: 'ARGUS_ADMIN_PASSWORD_FILE', kind: 'file', key: 'adminPassword' },
  { flag: '--demo-recorders', env: 'ARGUS_DEMO_RECORDERS', kind: 'int', key: 'demoRecorders' },
  { flag: '--demo-cameras', env: 'ARGUS_DEMO_CAMERAS', kind: 'int', key: 'demoCamerasPerRecorder' },
  { flag: '--health-interval-seconds', env: 'ARGUS_HEALTH_INTERVAL_SECONDS', kind: 'int', key: 'healthIntervalSeconds' },
  { flag: '--minimum-orchid-version', env: 'ARGUS_MINIMUM_ORCHID_VERSION', kind: 'string', key: 'minimumOrchidVersion' },
  { flag: '--client-dir', env: 'ARGUS_CLIENT_DIR', kind: 'string', key: 'clientDir' },
  { flag: '--log-level', env: 'ARGUS_LOG_LEVEL', kind: 'string', key: 'logLevel' },
];

export const AGGREGATOR_OPTION_HELP = optionHelp(OPTIONS);

export function defaultAggregatorConfig(repoRoot: string): AggregatorConfig {
  return {
    host: '0.0.0.0',
    httpPort: 80,
    dataDir: path.join(repoRoot, '.data', 'aggregator'),
    secretsDir: '',
    databaseUrl: '',
    adminPassword: undefined,
    demoRecorders: 0,
    demoCamerasPerRecorder: 2,
    healthIntervalSeconds: 10,
    minimumOrchidVersion: '2.0.0',
    clientDir: path.join(repoRoot, 'dist', 'client'),
    logLevel: 'warn',
  };
}

export function parseAggregatorConfig(argv: string[], env: NodeJS.ProcessEnv, defaults: AggregatorConfig): AggregatorConfig {
  const config = readOptions(argv, env, defaults, OPTIONS);
  if (config.httpPort > 65535) throw new ConfigError(`Port ${config.httpPort} is out of range`);
  if (config.adminPassword !== undefined && config.adminPassword.length < 4) throw new ConfigError('--admin-password must be at least 4 characters');
  if (config.databaseUrl !== '' && !/^postgres(ql)?:\/\/\S+$/.test(config.databaseUrl)) {
    throw new ConfigError('--database-url must be a postgres:// URL (or empty for the embedded SQLite database)');
  }
  // Each demo recorder is a recorder process with its cameras: a handful is a demo, more is a benchmark's job.
  if (config.demoRecorders > 8) throw new ConfigError('--demo-recorders must be from 0 to 8');
  if (config.demoCamerasPerRecorder > 16) throw new ConfigError('--demo-cameras must be from 0 to 16');
  if (config.healthIntervalSeconds < 1 || config.healthIntervalSeconds > 300) throw new ConfigError('--health-interval-seconds must be from 1 to 300');
  if (!/^\d+\.\d+\.\d+$/.test(config.minimumOrchidVersion)) throw new ConfigError('--minimum-orchid-version must look like 2.0.0');
  if (!LOG_LEVELS.includes(config.logLevel)) throw new ConfigError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  config.dataDir = path.resolve(config.dataDir);
  config.secretsDir = path.resolve(config.secretsDir || path.join(config.dataDir, 'secrets'));
  config.clientDir = path.resolve(config.clientDir);
  return config;
}
