import { describe, expect, it } from 'vitest';
import { LowBandwidthSessionPool, SESSION_RELEASE_GRACE_MS, type SessionBackend } from '../../../../../src/media/low-bandwidth/session-pool';
import type { SessionRequest } from '../../../../../src/core/low-bandwidth-session';
import { FakeClock, flushPromises } from '../../../helpers/fake-clock';

function backend(options: { failCreate?: boolean } = {}) {
  let next = 1;
  const created: SessionRequest[] = [];
  const removed: string[] = [];
  const api: SessionBackend = {
    create: async (request) => {
      if (options.failCreate) throw Object.assign(new Error('busy'), { status: 429, reason: 'Too many sessions' });
      created.push(request);
      return { id: `lb-${next++}` };
    },
    describe: async () => ({ status: 'ready', description: '' }),
    remove: async (id) => void removed.push(id),
  };
  return { api, created, removed };
}

const live = (streamId = 's1'): SessionRequest => ({ streamId, resolution: { width: 320, height: 180 }, startTime: 0, rate: 10 });

describe('low-bandwidth session pool', () => {
  it('gives tiles of the same live stream, size and rate one recorder session', async () => {
    const clock = new FakeClock();
    const b = backend();
    const pool = new LowBandwidthSessionPool(b.api, clock);
    const [a, c] = await Promise.all([pool.acquire(live()), pool.acquire(live())]);
    expect(a.id).toBe(c.id);
    expect(b.created).toHaveLength(1);
    const other = await pool.acquire(live('s2'));
    expect(other.id).not.toBe(a.id);
  });

  it('deletes a session a grace period after its last tile let go, unless taken again', async () => {
    const clock = new FakeClock();
    const b = backend();
    const pool = new LowBandwidthSessionPool(b.api, clock);
    const first = await pool.acquire(live());
    first.release();
    clock.advance(SESSION_RELEASE_GRACE_MS - 1);
    const again = await pool.acquire(live());
    expect(again.id).toBe(first.id);
    clock.advance(SESSION_RELEASE_GRACE_MS * 2);
    expect(b.removed).toEqual([]);
    again.release();
    again.release(); // a second release of the same lease changes nothing
    clock.advance(SESSION_RELEASE_GRACE_MS);
    await flushPromises();
    expect(b.removed).toEqual([first.id]);
  });

  it('creates a new session after one died, and never deletes the dead one', async () => {
    const clock = new FakeClock();
    const b = backend();
    const pool = new LowBandwidthSessionPool(b.api, clock);
    const lease = await pool.acquire(live());
    lease.invalidate();
    const fresh = await pool.acquire(live());
    expect(fresh.id).not.toBe(lease.id);
    lease.release();
    clock.advance(SESSION_RELEASE_GRACE_MS * 2);
    await flushPromises();
    expect(b.removed).toEqual([]);
  });

  it('fails with failedToCreateLowBandwidthStream and tries again on the next request', async () => {
    const clock = new FakeClock();
    const b = backend({ failCreate: true });
    const pool = new LowBandwidthSessionPool(b.api, clock);
    await expect(pool.acquire(live())).rejects.toMatchObject({ failure: { code: 'failedToCreateLowBandwidthStream', recoverable: true } });
    expect(pool.size).toBe(0);
  });

  it('flush deletes idle sessions at once', async () => {
    const clock = new FakeClock();
    const b = backend();
    const pool = new LowBandwidthSessionPool(b.api, clock);
    const held = await pool.acquire(live('held'));
    (await pool.acquire(live('idle'))).release();
    pool.flush();
    await flushPromises();
    expect(b.removed).toHaveLength(1);
    expect(b.removed).not.toContain(held.id);
  });
});
