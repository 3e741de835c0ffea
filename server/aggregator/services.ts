/**
 * Creates the aggregator's services over one database and owns their
 * lifetime: identity (users, sessions, the sign-in throttle, tickets, the issuer key
 * recorders trust), servers (store, recorder sessions, health), and the
 * routes each feature registers, in order.
 */
import type { FastifyInstance } from 'fastify';
import { SignInThrottle } from '../common/identity/sign-in-throttle';
import { generatePassword } from '../common/identity/passwords';
import { loadMasterKey } from '../common/secrets/master-key';
import { makeDataDirPrivate } from '../common/secrets/private-files';
import { SecretBox } from '../common/secrets/secret-box';
import type { AggregatorConfig } from './core/config';
import { openAggregatorDatabase } from './core/database';
import type { SqlDatabase } from './core/db/sql-database';
import { SettingsStore } from './core/settings-store';
import { AboutSettings } from './system/about-settings';
import { loadIssuerKey, type IssuerKey } from './identity/issuer-key';
import { sessionRoutes } from './identity/session-routes';
import { SessionsStore } from './identity/sessions-store';
import { userRoutes } from './identity/user-routes';
import { UsersStore } from './identity/users-store';
import { OrchidHealthMonitor } from './orchids/orchid-health';
import { OrchidPingWatch } from './orchids/orchid-ping';
import { orchidRoutes } from './orchids/orchid-routes';
import { OrchidsService } from './orchids/orchids-service';
import { OrchidsStore } from './orchids/orchids-store';
import { RecorderSessions } from './orchids/recorder-sessions';
import { proxyRoutes } from './proxy/proxy-routes';
import { cameraRoutes } from './proxy/camera-routes';
import { CameraListCache } from './proxy/camera-list-cache';
import { layoutRoutes } from '../common/layouts/layout-routes';
import { AggregatorLayoutsStore } from './layouts/layouts-store';
import { aggregatorTickets, type AggregatorTickets } from './identity/tickets';
import { CameraPreviews } from './cameras/preview-service';
import { previewRoutes } from './cameras/preview-routes';

export interface AggregatorLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface AggregatorServices {
  config: AggregatorConfig;
  db: SqlDatabase;
  users: UsersStore;
  sessions: SessionsStore;
  /** The aggregator's own tickets (a camera preview for an <img>), redeemed by the access check. */
  tickets: AggregatorTickets;
  throttle: SignInThrottle;
  issuer: IssuerKey;
  orchids: OrchidsService;
  health: OrchidHealthMonitor;
  /** Pings every recorder between full health checks; main.ts starts it beside the health monitor. */
  pings: OrchidPingWatch;
  recorderSessions: RecorderSessions;
  /** The greeting and client config administrators set (GET, PATCH /service/about...). */
  about: AboutSettings;
  /** Set on the first start when no admin password was given; printed once. */
  generatedAdminPassword: string | undefined;
  /** Every feature's routes, registered by app.ts in this order. */
  routes: Array<(app: FastifyInstance) => Promise<void>>;
  onClose: Array<() => Promise<void> | void>;
}

export async function createServices(config: AggregatorConfig, log: AggregatorLog): Promise<AggregatorServices> {
  const narrowed = makeDataDirPrivate(config.dataDir);
  if (narrowed > 0) log.warn(`the data folder was readable by others: ${narrowed} entries narrowed to the aggregator's user`);
  const db = await openAggregatorDatabase(config);
  const onClose: AggregatorServices['onClose'] = [() => db.close()];
  try {
    const settings = new SettingsStore(db);
    const about = await AboutSettings.load(settings);
    const users = new UsersStore(db);
    const sessions = new SessionsStore(db, users);
    const generatedAdminPassword = await users.ensureSuperuser(config.adminPassword, generatePassword);
    await sessions.deleteExpired();
    const throttle = new SignInThrottle();
    const tickets = aggregatorTickets(sessions);
    const issuer = await loadIssuerKey(config.secretsDir, settings);
    // The master key may be made only while nothing is sealed with it: a lost key must not be replaced silently.
    const probe = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orchids');
    const master = loadMasterKey(config.secretsDir, (probe?.n ?? 0) === 0);
    if (master.created) log.info(`made the master key for recorder passwords: ${master.file}`);
    if (master.narrowed) log.warn(`${master.file} was readable by others; narrowed to 0600`);
    const store = new OrchidsStore(db, new SecretBox(master.key));
    const recorderSessions = new RecorderSessions(issuer);
    const bound: { orchids?: OrchidsService } = {};
    const health = new OrchidHealthMonitor({
      sessions: recorderSessions,
      minimumVersion: config.minimumOrchidVersion,
      targets: () => bound.orchids?.targets() ?? Promise.resolve([]),
      onError: (message) => log.warn(message),
    });
    const cameraLists = new CameraListCache();
    const orchids = new OrchidsService({
      store,
      health,
      sessions: recorderSessions,
      issuer,
      minimumVersion: config.minimumOrchidVersion,
      onForgotten: [(id) => cameraLists.forget(id)],
    });
    bound.orchids = orchids;
    onClose.push(() => health.stop());
    const pings = new OrchidPingWatch({ health, targets: () => orchids.targets(), onError: (message) => log.warn(message) });
    onClose.push(() => pings.stop());
    const sweep = setInterval(() => {
      sessions.deleteExpired().catch((error: unknown) => log.warn(`expired sessions were not removed: ${error instanceof Error ? error.message : String(error)}`));
    }, 60 * 60 * 1000);
    sweep.unref();
    onClose.push(() => clearInterval(sweep));
    const routes: AggregatorServices['routes'] = [
      (app) =>
        sessionRoutes(app, {
          users,
          sessions,
          throttle,
          // Unread server list: the first camera list then mints the sessions itself.
          onSignIn: (user) => void orchids.answeringTargets().then((targets) => recorderSessions.warm(targets, user), () => undefined),
          onSignOut: (id) => recorderSessions.forgetUser(id),
        }),
      (app) => userRoutes(app, { users, sessions, onUserChanged: (id) => recorderSessions.forgetUser(id) }),
      (app) => orchidRoutes(app, { orchids, health }),
      (app) => cameraRoutes(app, { orchids, sessions: recorderSessions, lists: cameraLists }),
      (app) => previewRoutes(app, { previews: new CameraPreviews({ orchids, sessions: recorderSessions, tickets }) }),
      (app) => layoutRoutes(app, { layouts: new AggregatorLayoutsStore(db) }),
      (app) => proxyRoutes(app, { orchids, sessions: recorderSessions, onWrite: (id) => cameraLists.changed(id) }),
    ];
    return { config, db, users, sessions, tickets, throttle, issuer, orchids, health, pings, recorderSessions, about, generatedAdminPassword, routes, onClose };
  } catch (error) {
    await db.close();
    throw error;
  }
}

export async function closeServices(services: AggregatorServices): Promise<void> {
  for (const close of [...services.onClose].reverse()) await close();
}
