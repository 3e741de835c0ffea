/**
 * Starts the aggregator (the multi-server edition): `npm start -- --edition
 * aggregator --http-port 8090 --data-dir /tmp/agg --admin-password secret
 * [--database-url postgres://...] [--demo-recorders 2]`. Prints the address
 * and how to sign in, and answers GET /service/ping once ready.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { terminateAllChildren } from '../processes';
import { MissingMasterKeyError } from '../common/secrets/master-key';
import { openAddress, startBanner } from '../common/start-banner';
import { originOf } from '../shared/origin';
import { buildApp } from './app';
import { ConfigError, defaultAggregatorConfig, parseAggregatorConfig } from './core/config';
import { startDemoRecorders, stopDemoRecorders, type DemoRecorder } from './demo/demo-recorders';
import { registerDemoRecorders } from './demo/register-demo-recorders';
import { closeServices, createServices } from './services';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function packageVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<void> {
  // The database file, keys and demo recorders' folders are this user's alone.
  process.umask(0o077);
  let config;
  try {
    config = parseAggregatorConfig(process.argv.slice(2), process.env, defaultAggregatorConfig(repoRoot));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = { info: (message: string) => console.log(message), warn: (message: string) => console.error(message) };
  let services;
  try {
    services = await createServices(config, log);
  } catch (error) {
    // A missing key or an unreachable database is the operator's to fix: say what, not where in the code.
    if (error instanceof MissingMasterKeyError || (error as NodeJS.ErrnoException).code === 'ECONNREFUSED' || (error as { severity?: string }).severity) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(services, packageVersion());
  await app.listen({ host: config.host, port: config.httpPort });

  let demo: DemoRecorder[] = [];
  if (config.demoRecorders > 0) {
    try {
      demo = await startDemoRecorders({
        count: config.demoRecorders,
        camerasEach: config.demoCamerasPerRecorder,
        dataDir: config.dataDir,
        repoRoot,
        logLevel: config.logLevel === 'silent' ? 'error' : config.logLevel,
      });
      const superuser = (await services.users.list()).find((user) => user.superUser)!;
      await registerDemoRecorders(demo, { orchids: services.orchids, dataDir: config.dataDir, superuser, pageOrigin: originOf(openAddress(config)) });
    } catch (error) {
      console.error(`the demo recorders did not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  services.health.start(config.healthIntervalSeconds * 1000);
  services.pings.start();

  for (const line of startBanner('aggregator', config, services.generatedAdminPassword)) console.log(line);
  console.log(`Storage: ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}`);
  for (const recorder of demo) console.log(`Demo recorder ${recorder.index} at ${recorder.uri}/ (registered as 'Demo recorder ${recorder.index}')`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await closeServices(services);
    await stopDemoRecorders(demo);
    await terminateAllChildren();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
