/**
 * The aggregator's greeting and client config (spec 7 GET, PATCH
 * /service/about, /service/about/config, /service/about/greeting), on
 * SQLite and on a real PostgreSQL server: anyone reads the about and the
 * greeting, a signed-in user the config, an administrator changes them, a
 * Viewer cannot, a bad body changes nothing, and both survive a restart.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientConfig, ServerAbout, User } from '../../../server/shared/api';
import { startAggregator, type AggregatorProcess } from '../helpers/aggregator-process';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { call, signIn } from '../helpers/recorder-process';

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

describe.each(['sqlite', 'postgres'] as const)('aggregator about on %s', (variant) => {
  let aggregator: AggregatorProcess;
  let databaseUrl: string | undefined;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    databaseUrl = variant === 'postgres' ? await postgres.createDatabase('aggregator_about') : undefined;
    aggregator = await startAggregator({ ...(databaseUrl ? { databaseUrl } : {}) });
    admin = await signIn(aggregator.baseUrl, 'admin', 'secret');
    const created = await call<User>(aggregator.baseUrl, 'POST', '/service/users', { token: admin, json: { username: 'watcher', password: 'pass-Word-123', role: 'Viewer' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    viewer = await signIn(aggregator.baseUrl, 'watcher', 'pass-Word-123');
  });

  afterAll(async () => {
    await aggregator?.stop();
    if (aggregator) fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
  });

  it('starts with no greeting and the proxy not forced; the config wants a session', async () => {
    const about = await call<ServerAbout>(aggregator.baseUrl, 'GET', '/service/about');
    expect(about.body).toMatchObject({ mode: 'multi-server', greeting: null, config: { forceOrchidProxy: false }, rtspProtocol: 'rtsp', rtspPort: 9554 });
    expect((await call(aggregator.baseUrl, 'GET', '/service/about/config')).status).toBe(401);
    expect((await call<{ config: ClientConfig }>(aggregator.baseUrl, 'GET', '/service/about/config', { token: viewer })).body).toEqual({ config: { forceOrchidProxy: false } });
  });

  it('lets an administrator force the proxy and set the greeting, and a Viewer neither', async () => {
    expect((await call(aggregator.baseUrl, 'PATCH', '/service/about/config', { token: viewer, json: { forceOrchidProxy: true } })).status).toBe(403);
    expect((await call(aggregator.baseUrl, 'PATCH', '/service/about/greeting', { token: viewer, json: { greeting: 'Hi' } })).status).toBe(403);
    // Unknown fields and wrong types are refused whole.
    expect((await call(aggregator.baseUrl, 'PATCH', '/service/about/config', { token: admin, json: { forceOrchidProxy: 'yes' } })).status).toBe(400);
    expect((await call(aggregator.baseUrl, 'PATCH', '/service/about', { token: admin, json: { config: { other: 1 } } })).status).toBe(400);
    expect((await call(aggregator.baseUrl, 'PATCH', '/service/about/greeting', { token: admin, json: { greeting: 'x'.repeat(2001) } })).status).toBe(400);
    expect((await call<ServerAbout>(aggregator.baseUrl, 'GET', '/service/about')).body.config).toEqual({ forceOrchidProxy: false });

    const config = await call<{ config: ClientConfig }>(aggregator.baseUrl, 'PATCH', '/service/about/config', { token: admin, json: { forceOrchidProxy: true } });
    expect(config.body).toEqual({ config: { forceOrchidProxy: true } });
    const greeting = await call<{ greeting: string | null }>(aggregator.baseUrl, 'PATCH', '/service/about/greeting', { token: admin, json: { greeting: '  Control room B  ' } });
    expect(greeting.body).toEqual({ greeting: 'Control room B' });
    expect((await call<{ greeting: string | null }>(aggregator.baseUrl, 'GET', '/service/about/greeting')).body).toEqual({ greeting: 'Control room B' });
    // One PATCH of the about: what it names changes, the rest stays.
    const about = await call<ServerAbout>(aggregator.baseUrl, 'PATCH', '/service/about', { token: admin, json: { greeting: 'Welcome' } });
    expect(about.body).toMatchObject({ greeting: 'Welcome', config: { forceOrchidProxy: true } });
  });

  it('keeps both across a restart', async () => {
    const { dataDir } = aggregator;
    await aggregator.stop();
    aggregator = await startAggregator({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    const about = await call<ServerAbout>(aggregator.baseUrl, 'GET', '/service/about');
    expect(about.body).toMatchObject({ greeting: 'Welcome', config: { forceOrchidProxy: true } });
    // A blank greeting removes it.
    admin = await signIn(aggregator.baseUrl, 'admin', 'secret');
    await call(aggregator.baseUrl, 'PATCH', '/service/about/greeting', { token: admin, json: { greeting: '   ' } });
    expect((await call<ServerAbout>(aggregator.baseUrl, 'GET', '/service/about')).body.greeting).toBeNull();
  });
});
