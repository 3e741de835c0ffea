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
 * Bounded: at most MAX_ENTRIES entries and MAX_BYTES of lists (about 200 KB
 * per 100 cameras; recorders x roles fit well inside), the least recently
 * used going first. A recorder's entries go when it is unregistered or its
 * address or credentials change (`forget`).
 */

export interface CachedCameraList {
  etag: string;
  /** The cameras' bytes as the join takes them (camera-list-join.ts cameraItems). */
  items: Buffer;
}

const MAX_ENTRIES = 1_000;
const MAX_BYTES = 256 * 1024 * 1024;

export class CameraListCache {
  private readonly entries = new Map<string, CachedCameraList>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxBytes = MAX_BYTES,
  ) {}

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

  set(orchidId: string, uri: string, role: string, entry: CachedCameraList): void {
    this.delete(keyOf(orchidId, uri, role));
    if (entry.items.length > this.maxBytes) return;
    this.entries.set(keyOf(orchidId, uri, role), entry);
    this.bytes += entry.items.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops an entry (the recorder answered without a tag: nothing to ask with next time). */
  drop(orchidId: string, uri: string, role: string): void {
    this.delete(keyOf(orchidId, uri, role));
  }

  /** Forgets every list of one recorder (unregistered, or its address or credentials changed). */
  forget(orchidId: string): void {
    const prefix = `${orchidId}\u0000`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
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
    this.bytes -= entry.items.length;
  }
}

function keyOf(orchidId: string, uri: string, role: string): string {
  return `${orchidId}\u0000${uri}\u0000${role}`;
}
