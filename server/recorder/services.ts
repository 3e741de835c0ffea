/**
 * Creates the recorder's services over one database and owns their lifetime.
 * Media services (cameras, ingest, archives, live) attach here as they are
 * added, each registering its routes through `extraRoutes` and its shutdown
 * through `onClose`.
 */
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { VersionInfo } from '../shared/api';
import type { RecorderConfig } from './config';
import { openDatabase, type Db } from './db/database';
import { generatePassword } from './domain/passwords';
import { SessionsService } from './domain/sessions';
import { SettingsStore } from './domain/settings';
import { SignInThrottle } from './domain/sign-in-throttle';
import { UsersService } from './domain/users';
import { loadVersionInfo } from './domain/version-info';

export interface RecorderServices {
  config: RecorderConfig;
  db: Db;
  users: UsersService;
  sessions: SessionsService;
  throttle: SignInThrottle;
  settings: SettingsStore;
  version: { basic: VersionInfo; all: VersionInfo };
  extraRoutes: Array<(app: FastifyInstance) => Promise<void>>;
  onClose: Array<() => Promise<void> | void>;
  /** Set on the first start when no admin password was given; printed once. */
  generatedAdminPassword: string | undefined;
}

export async function createServices(config: RecorderConfig, repoRoot: string): Promise<RecorderServices> {
  const db = openDatabase(path.join(config.dataDir, 'recorder.db'));
  const users = new UsersService(db);
  const sessions = new SessionsService(db, users);
  const generatedAdminPassword = await users.ensureAdmin(config.adminPassword, generatePassword);
  sessions.deleteExpired();
  const services: RecorderServices = {
    config,
    db,
    users,
    sessions,
    throttle: new SignInThrottle(),
    settings: new SettingsStore(db),
    version: loadVersionInfo(repoRoot, config.clientDir),
    extraRoutes: [],
    onClose: [],
    generatedAdminPassword,
  };
  const sweep = setInterval(() => sessions.deleteExpired(), 60 * 60 * 1000);
  sweep.unref();
  services.onClose.push(() => clearInterval(sweep));
  return services;
}

export async function closeServices(services: RecorderServices): Promise<void> {
  for (const close of [...services.onClose].reverse()) await close();
  services.db.close();
}
