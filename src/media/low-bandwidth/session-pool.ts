/**
 * Low-bandwidth sessions of the recorder, shared between tiles (spec 7):
 * live tiles of the same stream, picture size and rate use one session
 * (each tile still has its own socket and its own pull), so a wall that
 * shows a camera many times costs the recorder one decoder for it, and the
 * recorder's per-user session limit counts cameras, not tiles.
 *
 * A session is created (POST), polled every 200 ms until ready, and deleted
 * a short grace after its last tile let go (a tile that restarts or a view
 * that remounts picks it up again). A session whose socket closed is
 * dropped at once; the next tile that asks creates a new one.
 *
 * Cost: a few REST calls per session, none per frame.
 */
import {
  LOW_BANDWIDTH_ERROR,
  LowBandwidthFailure,
  readFailure,
  sessionShareKey,
  waitUntilReady,
  type SessionRequest,
} from '../../core/low-bandwidth-session';
import type { Timers } from '../../../workers/core/browser-timers';
import type { LowBandwidthStatus } from '../../../server/shared/api';

export const SESSION_RELEASE_GRACE_MS = 3000;

/** A session lives on its stream's server: every call after the create names that server again. */
export interface SessionBackend {
  create(request: SessionRequest): Promise<{ id: string }>;
  describe(id: string, server: string | undefined): Promise<{ status: LowBandwidthStatus; description: string }>;
  remove(id: string, server: string | undefined): Promise<void>;
}

export interface SessionLease {
  readonly id: string;
  /** The tile is done with it. */
  release(): void;
  /** The session died (its socket closed): never hand it out again. */
  invalidate(): void;
}

interface Entry {
  key: string | null;
  server: string | undefined;
  ready: Promise<string>;
  id: string | null;
  refs: number;
  dead: boolean;
  releaseTimer: unknown;
}

export class LowBandwidthSessionPool {
  private readonly shared = new Map<string, Entry>();

  constructor(
    private readonly backend: SessionBackend,
    private readonly timers: Timers,
    private readonly log: (message: string, detail?: unknown) => void = () => undefined,
    private readonly graceMs = SESSION_RELEASE_GRACE_MS,
  ) {}

  /** Sessions alive or being created (for tests and the benchmark). */
  get size(): number {
    return this.shared.size;
  }

  async acquire(request: SessionRequest): Promise<SessionLease> {
    const key = sessionShareKey(request);
    let entry = key === null ? undefined : this.shared.get(key);
    if (!entry || entry.dead) {
      entry = this.create(key, request);
      if (key !== null) this.shared.set(key, entry);
    }
    entry.refs++;
    if (entry.releaseTimer !== undefined) {
      this.timers.clearTimeout(entry.releaseTimer);
      entry.releaseTimer = undefined;
    }
    let id: string;
    try {
      id = await entry.ready;
    } catch (error) {
      entry.refs--;
      throw error;
    }
    return this.lease(entry, id);
  }

  private create(key: string | null, request: SessionRequest): Entry {
    const entry: Entry = { key, server: request.server, ready: Promise.resolve(''), id: null, refs: 0, dead: false, releaseTimer: undefined };
    entry.ready = (async () => {
      let id: string;
      try {
        id = (await this.backend.create(request)).id;
      } catch (error) {
        throw new LowBandwidthFailure(readFailure(error, LOW_BANDWIDTH_ERROR.failedToCreate, request.startTime === 0));
      }
      entry.id = id;
      await waitUntilReady(() => this.backend.describe(id, request.server), this.timers);
      return id;
    })();
    entry.ready.catch(() => {
      // A session that never became ready is not shared; a failed one is swept by the recorder.
      entry.dead = true;
      if (entry.key !== null && this.shared.get(entry.key) === entry) this.shared.delete(entry.key);
    });
    return entry;
  }

  private lease(entry: Entry, id: string): SessionLease {
    let done = false;
    return {
      id,
      release: () => {
        if (done) return;
        done = true;
        entry.refs--;
        if (entry.refs > 0 || entry.dead) return;
        entry.releaseTimer = this.timers.setTimeout(() => this.remove(entry), this.graceMs);
      },
      invalidate: () => {
        if (entry.dead) return;
        entry.dead = true;
        if (entry.key !== null && this.shared.get(entry.key) === entry) this.shared.delete(entry.key);
      },
    };
  }

  private remove(entry: Entry): void {
    entry.releaseTimer = undefined;
    if (entry.refs > 0 || entry.dead) return;
    entry.dead = true;
    if (entry.key !== null && this.shared.get(entry.key) === entry) this.shared.delete(entry.key);
    if (entry.id) this.backend.remove(entry.id, entry.server).catch((error: unknown) => this.log('Failed to delete a low-bandwidth stream', error));
  }

  /** Deletes every idle session now (leaving the stage). */
  flush(): void {
    for (const entry of [...this.shared.values()]) {
      if (entry.refs > 0) continue;
      if (entry.releaseTimer !== undefined) this.timers.clearTimeout(entry.releaseTimer);
      this.remove(entry);
    }
  }
}
