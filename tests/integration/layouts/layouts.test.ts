import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout, LayoutsResponse, StageMatrix } from '../../../server/shared/api';
import { call, signIn } from '../helpers/recorder-process';
import { startLayoutsRecorder, type LayoutsRecorder } from './layouts-recorder';

let recorder: LayoutsRecorder;
const tokens: Record<'admin' | 'admin2' | 'manager' | 'viewer' | 'liveViewer', string> = {
  admin: '',
  admin2: '',
  manager: '',
  viewer: '',
  liveViewer: '',
};

const cell = (id: string | null, extra: Record<string, unknown> = {}) => ({
  camera: id === null ? null : { id, orchidId: 'o1' },
  columnSpan: 1,
  rowSpan: 1,
  forceLbm: false,
  dewarpMode: 1,
  ...extra,
});
const twoCameras: StageMatrix = [[cell('cam-a'), cell('cam-b')]] as StageMatrix;
const emptyStage: StageMatrix = [[cell(null)]] as StageMatrix;

const api = <T = unknown>(who: keyof typeof tokens, method: string, path: string, json?: unknown) =>
  call<T>(recorder.baseUrl, method, path, { token: tokens[who], ...(json === undefined ? {} : { json }) });

async function create(who: keyof typeof tokens, body: Record<string, unknown>): Promise<Layout> {
  const reply = await api<Layout>(who, 'POST', '/service/layouts', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function visibleIds(who: keyof typeof tokens): Promise<string[]> {
  const reply = await api<LayoutsResponse>(who, 'GET', '/service/layouts');
  expect(reply.status).toBe(200);
  return reply.body.data.layouts.map((layout) => layout.id);
}

beforeAll(async () => {
  recorder = await startLayoutsRecorder();
  tokens.admin = await signIn(recorder.baseUrl, 'admin', 'secret');
  for (const [username, role] of [
    ['admin2', 'Administrator'],
    ['manager', 'Manager'],
    ['viewer', 'Viewer'],
    ['liveViewer', 'Live Viewer'],
  ] as const) {
    const reply = await api('admin', 'POST', '/service/users', { username, password: 'pass1234', role });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    tokens[username] = await signIn(recorder.baseUrl, username, 'pass1234');
  }
});

afterAll(async () => {
  await recorder?.stop();
});

describe('/service/layouts', () => {
  it('needs a session', async () => {
    const reply = await call(recorder.baseUrl, 'GET', '/service/layouts');
    expect(reply.status).toBe(401);
  });

  it('creates a stage owned by the caller, with cameras derived from the matrix', async () => {
    const layout = await create('manager', {
      name: '  Lobby  ',
      stageMatrix: [[cell('cam-a', { columnSpan: 2 }), cell(null)], [cell('cam-b'), cell('cam-a')]],
      cameras: [{ id: 'forged', orchidId: 'x' }],
    });
    expect(layout).toMatchObject({ name: 'Lobby', shared: false, owner: { name: 'manager' } });
    expect(layout.cameras).toEqual([
      { id: 'cam-a', orchidId: 'o1' },
      { id: 'cam-b', orchidId: 'o1' },
    ]);
    const fetched = await api<Layout>('manager', 'GET', `/service/layouts/${layout.id}`);
    expect(fetched.body).toEqual(layout);
    expect(await visibleIds('manager')).toContain(layout.id);
  });

  it('re-derives the cameras when the matrix changes', async () => {
    const layout = await create('viewer', { name: 'Mine', stageMatrix: twoCameras });
    const reply = await api<Layout>('viewer', 'PATCH', `/service/layouts/${layout.id}`, {
      stageMatrix: [[cell('cam-z')]],
      cameras: [],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.cameras).toEqual([{ id: 'cam-z', orchidId: 'o1' }]);
    expect(reply.body.updatedAt).toBeGreaterThanOrEqual(layout.updatedAt);
  });

  it('converts the older single span field and fills defaults', async () => {
    const layout = await create('manager', {
      name: 'Legacy',
      stageMatrix: [[{ camera: { id: 'cam-a', orchidId: 'o1' }, span: 2 }, {}], [{}, {}]],
    });
    expect(layout.stageMatrix[0]![0]).toEqual(cell('cam-a', { columnSpan: 2, rowSpan: 2 }));
    expect(layout.stageMatrix[1]![1]).toEqual(cell(null));
  });

  it('keeps private stages to their owner, even from administrators', async () => {
    const layout = await create('viewer', { name: 'Private', stageMatrix: twoCameras });
    for (const who of ['manager', 'admin', 'liveViewer'] as const) {
      expect(await visibleIds(who)).not.toContain(layout.id);
      expect((await api(who, 'GET', `/service/layouts/${layout.id}`)).status).toBe(404);
      expect((await api(who, 'PATCH', `/service/layouts/${layout.id}`, { name: 'x' })).status).toBe(404);
      expect((await api(who, 'DELETE', `/service/layouts/${layout.id}`)).status).toBe(404);
    }
  });

  it('lets only administrators share; non-admins cannot create or turn on shared stages', async () => {
    const refused = await api('manager', 'POST', '/service/layouts', { name: 'S', shared: true, stageMatrix: twoCameras });
    expect(refused.status).toBe(403);
    const own = await create('manager', { name: 'Own', stageMatrix: twoCameras });
    expect((await api('manager', 'PATCH', `/service/layouts/${own.id}`, { shared: true })).status).toBe(403);
    const shared = await create('admin', { name: 'Shared', shared: true, stageMatrix: twoCameras });
    expect(shared.shared).toBe(true);
  });

  it('shows shared stages with cameras to every user, and empty shared stages to administrators only', async () => {
    const withCameras = await create('admin', { name: 'Wall', shared: true, stageMatrix: twoCameras });
    const empty = await create('admin', { name: 'Empty', shared: true, stageMatrix: emptyStage });
    for (const who of ['manager', 'viewer', 'liveViewer'] as const) {
      const ids = await visibleIds(who);
      expect(ids).toContain(withCameras.id);
      expect(ids).not.toContain(empty.id);
    }
    expect(await visibleIds('admin2')).toEqual(expect.arrayContaining([withCameras.id, empty.id]));
  });

  it('locks shared stages for non-admins; any administrator renames, updates, unshares and removes them', async () => {
    const shared = await create('admin', { name: 'Ops', shared: true, stageMatrix: twoCameras });
    for (const body of [{ name: 'Mine now' }, { stageMatrix: emptyStage }, { shared: false }]) {
      expect((await api('manager', 'PATCH', `/service/layouts/${shared.id}`, body)).status).toBe(403);
    }
    expect((await api('viewer', 'DELETE', `/service/layouts/${shared.id}`)).status).toBe(403);

    const renamed = await api<Layout>('admin2', 'PATCH', `/service/layouts/${shared.id}`, { name: 'Ops 2', stageMatrix: [[cell('cam-c')]] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Ops 2', cameras: [{ id: 'cam-c', orchidId: 'o1' }], owner: { name: 'admin' } });

    const unshared = await api<Layout>('admin2', 'PATCH', `/service/layouts/${shared.id}`, { shared: false });
    expect(unshared.body.shared).toBe(false);
    // Unshared, it is the owner's private stage again.
    expect(await visibleIds('manager')).not.toContain(shared.id);
    expect((await api('admin2', 'GET', `/service/layouts/${shared.id}`)).status).toBe(404);

    const another = await create('admin', { name: 'Temp', shared: true, stageMatrix: twoCameras });
    expect((await api('admin2', 'DELETE', `/service/layouts/${another.id}`)).status).toBe(204);
    expect((await api('admin', 'GET', `/service/layouts/${another.id}`)).status).toBe(404);
  });

  it('lets owners rename and delete their own unshared stages', async () => {
    const own = await create('liveViewer', { name: 'Door', stageMatrix: twoCameras });
    const renamed = await api<Layout>('liveViewer', 'PATCH', `/service/layouts/${own.id}`, { id: own.id, name: 'Back door' });
    expect(renamed.body.name).toBe('Back door');
    expect((await api('liveViewer', 'DELETE', `/service/layouts/${own.id}`)).status).toBe(204);
    expect(await visibleIds('liveViewer')).not.toContain(own.id);
  });

  it('keeps a deleted user’s shared stages and drops their private ones', async () => {
    const created = await api<{ id: string }>('admin', 'POST', '/service/users', {
      username: 'leaver',
      password: 'pass1234',
      role: 'Administrator',
    });
    const token = await signIn(recorder.baseUrl, 'leaver', 'pass1234');
    const asLeaver = (body: unknown) => call<Layout>(recorder.baseUrl, 'POST', '/service/layouts', { token, json: body });
    const shared = (await asLeaver({ name: 'Kept', shared: true, stageMatrix: twoCameras })).body;
    const privateOne = (await asLeaver({ name: 'Gone', stageMatrix: twoCameras })).body;
    expect((await api('admin', 'DELETE', `/service/users/${created.body.id}`)).status).toBe(204);
    const kept = await api<Layout>('admin', 'GET', `/service/layouts/${shared.id}`);
    expect(kept.body.owner).toBeNull();
    expect(await visibleIds('manager')).toContain(shared.id);
    // Unsharing an ownerless stage gives it to the administrator who did it.
    const unshared = await api<Layout>('admin2', 'PATCH', `/service/layouts/${shared.id}`, { shared: false });
    expect(unshared.body.owner).toMatchObject({ name: 'admin2' });
    expect(privateOne.id).toBeTruthy();
    expect((await api('admin', 'GET', `/service/layouts/${privateOne.id}`)).status).toBe(404);
  });

  describe('validation', () => {
    const bad = async (body: unknown, method = 'POST', path = '/service/layouts') => {
      const reply = await api<{ code: string; reason: string }>('manager', method, path, body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      return reply.body.reason;
    };

    it("requires a name: 'Name is required.'", async () => {
      expect(await bad({ stageMatrix: twoCameras })).toBe('Name is required.');
      expect(await bad({ name: '   ', stageMatrix: twoCameras })).toBe('Name is required.');
      const own = await create('manager', { name: 'N', stageMatrix: twoCameras });
      expect(await bad({ name: '' }, 'PATCH', `/service/layouts/${own.id}`)).toBe('Name is required.');
      expect(await bad({ name: 'x'.repeat(129), stageMatrix: twoCameras })).toBe('Name must be 128 characters or fewer.');
    });

    it('requires a matrix of 1-16 rows of the same 1-16 cells', async () => {
      expect(await bad({ name: 'N' })).toBe('stageMatrix is required.');
      expect(await bad({ name: 'N', stageMatrix: [] })).toMatch(/stageMatrix/);
      expect(await bad({ name: 'N', stageMatrix: Array.from({ length: 17 }, () => [cell(null)]) })).toMatch(/stageMatrix/);
      expect(await bad({ name: 'N', stageMatrix: [Array.from({ length: 17 }, () => cell(null))] })).toMatch(/stageMatrix/);
      expect(await bad({ name: 'N', stageMatrix: [[cell(null), cell(null)], [cell(null)]] })).toBe(
        'Every row of stageMatrix must have the same number of cells.',
      );
    });

    it('refuses spans past the edge and overlapping cells', async () => {
      expect(await bad({ name: 'N', stageMatrix: [[cell('a', { columnSpan: 2 })]] })).toBe(
        'The cell at row 1, column 1 spans past the edge of the stage.',
      );
      expect(await bad({ name: 'N', stageMatrix: [[cell('a', { columnSpan: 2 }), cell('b')]] })).toBe(
        'The cell at row 1, column 1 overlaps another cell.',
      );
      expect(await bad({ name: 'N', stageMatrix: [[cell('a', { rowSpan: 2 }), cell('c')], [cell('b'), cell(null)]] })).toBe(
        'The cell at row 1, column 1 overlaps another cell.',
      );
      expect(
        await bad({ name: 'N', stageMatrix: [[cell(null), cell('a', { rowSpan: 2 })], [cell('b', { columnSpan: 2 }), cell(null)]] }),
      ).toBe('The cell at row 2, column 1 overlaps another cell.');
      // Side-by-side spans that do not overlap are fine.
      await create('manager', { name: 'N', stageMatrix: [[cell('a', { rowSpan: 2 }), cell('b', { rowSpan: 2 })], [cell(null), cell(null)]] });
    });

    it('refuses bad cell fields and unknown fields', async () => {
      expect(await bad({ name: 'N', stageMatrix: [[cell('a', { dewarpMode: 3 })]] })).toMatch(/dewarpMode/);
      expect(await bad({ name: 'N', stageMatrix: [[cell('a', { columnSpan: 0 })]] })).toMatch(/columnSpan/);
      expect(await bad({ name: 'N', stageMatrix: [[cell('a', { forceLbm: 'yes' })]] })).toMatch(/forceLbm/);
      expect(await bad({ name: 'N', stageMatrix: [[{ camera: { id: '' } }]] })).toMatch(/camera/);
      expect(await bad({ name: 'N', stageMatrix: [[{ camera: { id: 'a', name: 'x' } }]] })).toMatch(/Unknown field 'name'/);
      expect(await bad({ name: 'N', stageMatrix: twoCameras, owner: { id: 'x' } })).toMatch(/Unknown field 'owner'/);
    });

    it('refuses a body id that differs from the path', async () => {
      const own = await create('manager', { name: 'N', stageMatrix: twoCameras });
      expect(await bad({ id: 'other', name: 'M' }, 'PATCH', `/service/layouts/${own.id}`)).toBe(
        'The stage id in the body does not match the path.',
      );
    });
  });
});
