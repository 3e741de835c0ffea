/**
 * A recorder built in this test process (the same createServices and
 * buildApp that `npm start` runs, on a temporary data folder and a free
 * port, no demo cameras), for tests that need the server's own route table
 * as well as a real HTTP server to call.
 */
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/recorder/app';
import { defaultConfig, parseConfig } from '../../../server/recorder/core/config';
import { closeServices, createServices, type RecorderServices } from '../../../server/recorder/services';
import { freePort } from './free-port';

export interface InProcessRecorder {
  app: FastifyInstance;
  services: RecorderServices;
  baseUrl: string;
  dataDir: string;
  close: () => Promise<void>;
}

export interface InProcessOptions {
  /** Start on this data folder (a restart of an earlier recorder); it is then kept on close. */
  dataDir?: string;
  /** Keep the data folder on close, so a later start can reuse it. */
  keepDataDir?: boolean;
  /** More command-line flags (--license-issuer-key, --activation-url, ...). */
  extraArgs?: string[];
  /** The shipped client folder to serve (default: the repo's built dist/client). Tests that change the served client give their own. */
  clientDir?: string;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export async function startInProcessRecorder(adminPassword = 'secret', options: InProcessOptions = {}): Promise<InProcessRecorder> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'argus-inproc-'));
  const keep = options.keepDataDir === true || options.dataDir !== undefined;
  const httpPort = await freePort();
  const rtspPort = await freePort();
  const clientArgs = options.clientDir ? ['--client-dir', options.clientDir] : [];
  const config = parseConfig(
    ['--http-port', String(httpPort), '--rtsp-port', String(rtspPort), '--data-dir', dataDir, '--host', '127.0.0.1', ...clientArgs, ...(options.extraArgs ?? [])],
    { ARGUS_ADMIN_PASSWORD: adminPassword, ARGUS_DEMO_CAMERAS: '0', ARGUS_LOG_LEVEL: 'silent' },
    defaultConfig(repoRoot),
  );
  const services = await createServices(config, repoRoot);
  await services.startRecording();
  const app = await buildApp(config, services);
  await app.listen({ host: '127.0.0.1', port: httpPort });
  return {
    app,
    services,
    baseUrl: `http://127.0.0.1:${httpPort}`,
    dataDir,
    close: async () => {
      await app.close();
      await closeServices(services);
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
