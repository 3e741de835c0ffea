/**
 * Starts the recorder: `npm start -- --http-port 8080 --rtsp-port 8554
 * --data-dir /tmp/x --admin-password secret`. Prints the address and how to
 * sign in, and answers GET /service/ping as soon as it is ready.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { startDemoActivation, wantsDemoActivation } from './demo/demo-activation';
import { startDemoCameras } from './demo/demo-cameras';
import { ConfigError, defaultConfig, parseConfig } from './core/config';
import { RESTART_EXIT_CODE } from '../shared/properties';
import { rollBackExpired } from './system/properties/properties-file';
import { configWithProperties } from './system/properties/property-config';
import { MissingMasterKeyError } from '../common/secrets/master-key';
import { startBanner } from '../common/start-banner';
import { SecretBoxError } from '../common/secrets/secret-box';
import { listChildren, terminateAllChildren } from '../processes';
import { closeServices, createServices, recordStop } from './services';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<void> {
  // Everything the recorder and its ffmpeg children create (database, archives, logs, keys) is its user's alone.
  process.umask(0o077);
  let config;
  try {
    const argv = process.argv.slice(2);
    const defaults = defaultConfig(repoRoot);
    // An unconfirmed property change past its deadline is undone before the properties are read.
    if (rollBackExpired(parseConfig(argv, process.env, defaults).dataDir, Date.now())) {
      console.error('the last property change was not confirmed in time: the previous properties are restored');
    }
    config = configWithProperties(argv, process.env, defaults);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // The demo's own activation service, when npm start runs with demo cameras and no real one is given.
  const demoActivation = wantsDemoActivation(config)
    ? await startDemoActivation(config.dataDir).catch((error: unknown) => {
        console.error(`the demo activation service did not start: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      })
    : undefined;
  if (demoActivation) config = { ...config, activationUrl: demoActivation.service.url, licenseIssuerKeyPem: demoActivation.service.publicKeyPem };
  let services;
  try {
    services = await createServices(config, repoRoot);
  } catch (error) {
    // A missing or wrong master key is the operator's to fix: say what, not where in the code.
    if (error instanceof MissingMasterKeyError || error instanceof SecretBoxError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Demo cameras (a camera simulator in this process, not part of the recorder) listen before any ingest
  // starts, so after a restart the first pull of each demo stream finds its camera; registering them on
  // the first start runs after, without holding up the start.
  const demo = await startDemoCameras({ count: config.demoCameras, settings: services.settings, cameras: services.cameras, log: services.log }).catch(
    (error: unknown) => {
      services.log.warn(`demo cameras did not start: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    },
  );
  await services.startRecording();
  const demoRegistered = demo?.registerIfNew().catch((error: unknown) => {
    services.log.warn(`demo cameras were not registered: ${error instanceof Error ? error.message : String(error)}`);
  });
  const app = await buildApp(config, services);
  await app.listen({ host: config.host, port: config.httpPort });

  for (const line of startBanner('recorder', config, services.generatedAdminPassword)) console.log(line);
  console.log(`Data folder: ${config.dataDir}`);
  // The supervisor (supervisor.ts) learns the start went well: a later failure is not the new properties'.
  process.send?.({ type: 'ready' });
  services.restart.armFromDisk(Date.now());
  if (demoActivation) {
    console.log(`Demo activation service at ${demoActivation.service.url}/: activate with ${demoActivation.activationCode} (renew with ${demoActivation.renewalCode})`);
  }

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    recordStop(services);
    await app.close();
    // Every ffmpeg stops before the demo cameras they pull from.
    await closeServices(services);
    await demoRegistered;
    await demo?.sim.stop();
    await demoActivation?.service.close();
    // The features stop their own children; any still running (an export cut off mid-download, a frame
    // being decoded) gets SIGTERM and a grace time here too, rather than only the exit hook's SIGKILL.
    const leftOver = listChildren();
    if (leftOver.length > 0) app.log.info({ children: leftOver.map((c) => `${c.name} (pid ${c.pid})`) }, 'stopping child processes still running');
    await terminateAllChildren();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A controlled restart (property save, unconfirmed change rolled back): a clean stop, then the supervisor starts it again.
  services.restart.onRequest((reason) => {
    if (!process.send) app.log.warn(`restart for ${reason}: no supervisor runs this recorder, so it stops and is not started again`);
    void shutdown(`restart: ${reason}`, RESTART_EXIT_CODE);
  });
  // The supervisor gone (killed), this recorder does not run on unsupervised.
  process.on('disconnect', () => void shutdown('supervisor gone'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
