/**
 * The last camera list each recorder answered, per role, with its ETag, for
 * the list across recorders (camera-routes.ts): the aggregator asks again
 * with If-None-Match, and a 304 lets it use these bytes instead of the
 * recorder building, sending and the aggregator checking 100 cameras again.
 * At 50 recorders that work, done by all of them at once on a shared
 * machine, set the list's time.
 *
 * Keyed by recorder, its address and the user's role, not by user: the
 * recorder's list depends on nothing of the caller but the role (camera
 * permissions) and the host it was reached at (RTSP URLs), and its tag
 * names both (recorder camera-list-tag.ts), so users of one role share an
 * entry. Every use still asks the recorder as the user's own session; the
 * bytes are used only after that recorder answered 304 to that session, so
 * a session it refuses never gets them (proxy-target.ts readAsUser). For
 * the same reason concurrent lists of one role are not merged into one call
 * to the recorder: each user's session is checked by its own request (a
 * 304 costs the recorder little: the session check and the tag).
 *
 * Last known (`lastKnown`): a list across 50 recorders waits for the
 * slowest of 50 answers, and on a shared machine one of them is often late
 * (a garbage collection, a burst of work elsewhere), which set the list's
 * p95 at several times its p50. So the list waits a short budget for each
 * recorder (camera-routes.ts LIST_ANSWER_BUDGET_MS) and then uses that
 * recorder's kept list for the user's role, the late answer refreshing the
 * entry when it comes. Only when both are recent (LAST_KNOWN_MS): the entry
 * was answered or confirmed by a 304 that long ago at most, and that
 * recorder accepted this user's own session that long ago at most. A user
 * the recorder has not accepted lately, or refused since, waits for the
 * recorder as before. What that costs, said plainly: a slow recorder's
 * cameras may be shown as they were up to LAST_KNOWN_MS ago, and a session
 * the recorder revoked that recently may still see that list (names and
 * states of cameras, not their video: every media call is the user's own).
 *
 * A kept list never stands in for what may have changed since it was read:
 * a write sent through the aggregator's proxy to a recorder (`changed`; a
 * camera renamed, added or deleted there) makes its lists read before that
 * wait for the recorder again, and a list asked with Cache-Control: no-cache
 * (the stage's first list and the one after a user's own change,
 * camera-routes.ts) never takes a stand-in. Without that, an operator who
 * renamed a camera would see its old name on the stage until the next
 * refresh whenever its recorder was a little slow.
 *
 * Bounded: at most MAX_ENTRIES entries and MAX_BYTES of lists (about 200 KB
 * per 100 cameras; recorders x roles fit well inside), the least recently
 * used going first; at most MAX_ACCEPTANCES users' acceptances (recorders
 * x users, a short key and a time each). A recorder's entries go when it is
 * unregistered or its address or credentials change (`forget`).
 */
import type { Tagged } from '../orchids/recorder-client';

/**
 * A recorder's list as the join takes its cameras' bytes (camera-list-join.ts
 * cameraItems), with the list's tag: the shape a conditional read keeps
 * (recorder-client.ts readTagged).
 */
export type CachedCameraList = Tagged<Buffer>;

interface Entry extends CachedCameraList {
  /** When the read that last got these bytes or a 304 to their tag was sent (ms, the cache's clock). */
  confirmedAt: number;
}

const MAX_ENTRIES = 1_000;
const MAX_BYTES = 256 * 1024 * 1024;
const MAX_ACCEPTANCES = 20_000;
/**
 * How recent a kept list and a user's acceptance on its recorder must be to
 * stand in for a late answer: longer than the bag's refresh (a minute,
 * stage-bag.store.ts SERVER_REFRESH_MS), so an operator's periodic list
 * finds them, and short enough that a revocation or a change on a slow
 * recorder shows within two refreshes.
 */
export const LAST_KNOWN_MS = 90_000;

export interface CameraListCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  /** The clock (ms); tests move it. */
  now?: () => number;
}

export class CameraListCache {
  private readonly entries = new Map<string, Entry>();
  /** When each recorder last accepted each user's session (userKeyOf); least recent first. */
  private readonly accepted = new Map<string, number>();
  /** When a write through the proxy last reached each recorder (ms): lists read before it do not stand in. One entry per registered recorder at most. */
  private readonly changedAt = new Map<string, number>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: CameraListCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? MAX_BYTES;
    this.now = options.now ?? Date.now;
  }

  get(orchidId: string, uri: string, role: string): CachedCameraList | undefined {
    const key = keyOf(orchidId, uri, role);
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: the Map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** The cache's clock now (ms): a read takes it as it is sent, for `set`. */
  time(): number {
    return this.now();
  }

  /**
   * Keeps what the recorder just answered (a new list, or a 304 to `entry`'s
   * tag) to the read sent at `askedAt` (the cache's clock, `time`): a read
   * sent before a write may answer after it, with the list as it was.
   */
  set(orchidId: string, uri: string, role: string, entry: CachedCameraList, askedAt = this.now()): void {
    this.delete(keyOf(orchidId, uri, role));
    if (entry.value.length > this.maxBytes) return;
    this.entries.set(keyOf(orchidId, uri, role), { etag: entry.etag, value: entry.value, confirmedAt: askedAt });
    this.bytes += entry.value.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops an entry (the recorder answered without a tag: nothing to ask with next time). */
  drop(orchidId: string, uri: string, role: string): void {
    this.delete(keyOf(orchidId, uri, role));
  }

  /** The recorder accepted the user's session just now. */
  accept(orchidId: string, userId: string): void {
    const key = userKeyOf(orchidId, userId);
    this.accepted.delete(key);
    this.accepted.set(key, this.now());
    for (const [oldest] of this.accepted) {
      if (this.accepted.size <= MAX_ACCEPTANCES) break;
      this.accepted.delete(oldest);
    }
  }

  /** The recorder refused the user's session, or could not be read: nothing of it stands in for the user until it accepts again. */
  unaccept(orchidId: string, userId: string): void {
    this.accepted.delete(userKeyOf(orchidId, userId));
  }

  /** A write through the proxy reached the recorder just now: its lists kept so far may be out of date. */
  changed(orchidId: string): void {
    this.changedAt.set(orchidId, this.now());
  }

  /**
   * The kept list of `role` that may stand in for the recorder's late answer
   * to `userId`: only while both the list and the user's acceptance there are
   * at most LAST_KNOWN_MS old, and the list was read after the last write
   * through the proxy to that recorder (see the head of this file).
   */
  lastKnown(orchidId: string, uri: string, role: string, userId: string): Buffer | undefined {
    const now = this.now();
    const acceptedAt = this.accepted.get(userKeyOf(orchidId, userId));
    if (acceptedAt === undefined || now - acceptedAt > LAST_KNOWN_MS) return undefined;
    const entry = this.entries.get(keyOf(orchidId, uri, role));
    if (!entry || now - entry.confirmedAt > LAST_KNOWN_MS) return undefined;
    // Strictly after: a read sent in the same millisecond as the write's answer may have been answered before it.
    const changedAt = this.changedAt.get(orchidId);
    return changedAt === undefined || entry.confirmedAt > changedAt ? entry.value : undefined;
  }

  /** Forgets every list of one recorder and every acceptance there (unregistered, or its address or credentials changed). */
  forget(orchidId: string): void {
    const prefix = `${orchidId}\u0000`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
    for (const key of [...this.accepted.keys()]) if (key.startsWith(prefix)) this.accepted.delete(key);
    this.changedAt.delete(orchidId);
  }

  get size(): number {
    return this.entries.size;
  }

  get sizeBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.value.length;
  }
}

function keyOf(orchidId: string, uri: string, role: string): string {
  return `${orchidId}\u0000${uri}\u0000${role}`;
}

function userKeyOf(orchidId: string, userId: string): string {
  return `${orchidId}\u0000${userId}`;
}
