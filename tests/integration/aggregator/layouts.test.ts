/**
 * Stages saved on the aggregator (spec 7 /service/layouts, spec 6 sharing
 * rules), on SQLite and on a real PostgreSQL server: a stage mixes cameras
 * of several servers; administrators share, others see shared stages and
 * keep their own private; a private stage is invisible to anyone else; a
 * shared stage outlives its deleted author.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout, LayoutsResponse, StageCell, StageMatrix, User } from '../../../server/shared/api';
import { startAggregator, type AggregatorProcess } from '../helpers/aggregator-process';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { call, signIn } from '../helpers/recorder-process';

const cell = (id: string | null, orchidId = 'server-a'): StageCell => ({
  camera: id ? { id, orchidId } : null,
  columnSpan: 1,
  rowSpan: 1,
  forceLbm: false,
  dewarpMode: 1,
});
/** Cameras of two servers on one stage. */
const federated: StageMatrix = [[cell('cam-1', 'server-a'), cell('cam-1', 'server-b')]];

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

describe.each(['sqlite', 'postgres'] as const)('aggregator stages on %s', (variant) => {
  let aggregator: AggregatorProcess;
  const tokens: Record<string, string> = {};
  const api = <T>(who: string, method: string, path: string, json?: unknown) => call<T>(aggregator.baseUrl, method, path, { token: tokens[who]!, ...(json === undefined ? {} : { json }) });
  let viewerId: string;

  beforeAll(async () => {
    const databaseUrl = variant === 'postgres' ? await postgres.createDatabase('aggregator_layouts') : undefined;
    aggregator = await startAggregator({ ...(databaseUrl ? { databaseUrl } : {}) });
    tokens.admin = await signIn(aggregator.baseUrl, 'admin', 'secret');
    for (const [username, role] of [
      ['viewer', 'Viewer'],
      ['author', 'Administrator'],
    ] as const) {
      const created = await api<User>('admin', 'POST', '/service/users', { username, password: 'pass-Word-123', role });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      if (username === 'viewer') viewerId = created.body.id;
      tokens[username] = await signIn(aggregator.baseUrl, username, 'pass-Word-123');
    }
  });

  afterAll(async () => {
    await aggregator?.stop();
    if (aggregator) fs.rmSync(aggregator.dataDir, { recursive: true, force: true });
  });

  it('keeps a stage of cameras from two servers, shared by an administrator and seen by a Viewer', async () => {
    const created = await api<Layout>('admin', 'POST', '/service/layouts', { name: 'Lobby wall', shared: true, stageMatrix: federated });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.cameras).toEqual([
      { id: 'cam-1', orchidId: 'server-a' },
      { id: 'cam-1', orchidId: 'server-b' },
    ]);
    const seen = await api<LayoutsResponse>('viewer', 'GET', '/service/layouts');
    expect(seen.body.data.layouts.map((l) => l.name)).toContain('Lobby wall');
    // A Viewer can neither change nor share a shared stage.
    expect((await api('viewer', 'PATCH', `/service/layouts/${created.body.id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await api('viewer', 'POST', '/service/layouts', { name: 'S', shared: true, stageMatrix: federated })).status).toBe(403);
  });

  it('keeps a private stage invisible to everyone else, administrators included', async () => {
    const mine = await api<Layout>('viewer', 'POST', '/service/layouts', { name: 'My corner', stageMatrix: [[cell('cam-9')]] });
    expect(mine.status).toBe(201);
    expect((await api('admin', 'GET', `/service/layouts/${mine.body.id}`)).status).toBe(404);
    const adminList = await api<LayoutsResponse>('admin', 'GET', '/service/layouts');
    expect(adminList.body.data.layouts.map((l) => l.id)).not.toContain(mine.body.id);
    const renamed = await api<Layout>('viewer', 'PATCH', `/service/layouts/${mine.body.id}`, { name: 'Corner', stageMatrix: [[cell('cam-9'), cell(null)]] });
    expect(renamed.body).toMatchObject({ name: 'Corner', owner: { id: viewerId, name: 'viewer' } });
    expect((await api('viewer', 'DELETE', `/service/layouts/${mine.body.id}`)).status).toBe(204);
  });

  it('refuses a malformed stage with the rule it breaks', async () => {
    const overlap = await api<{ reason: string }>('admin', 'POST', '/service/layouts', {
      name: 'Bad',
      stageMatrix: [[{ ...cell('cam-1'), columnSpan: 2 }, cell('cam-2')]],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.reason).toMatch(/overlaps another cell/);
  });

  it('keeps a shared stage whose author is deleted', async () => {
    const shared = await api<Layout>('author', 'POST', '/service/layouts', { name: 'Night shift', shared: true, stageMatrix: federated });
    const author = (await api<{ data: { users: User[] } }>('admin', 'GET', '/service/users')).body.data.users.find((u) => u.username === 'author')!;
    expect((await api('admin', 'DELETE', `/service/users/${author.id}`)).status).toBe(204);
    const kept = await api<Layout>('admin', 'GET', `/service/layouts/${shared.body.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.owner).toBeNull();
  });
});
