/** An in-memory stand-in for the idb-keyval storage of the stage stores. */
import type { SettingsStorage } from '../../../src/state/user-settings';

export class MemoryStorage implements SettingsStorage {
  readonly values = new Map<string, unknown>();
  writes = 0;
  failReads = false;

  async get(key: string): Promise<unknown> {
    if (this.failReads) throw new Error('IndexedDB is unavailable');
    return structuredClone(this.values.get(key));
  }

  async set(key: string, value: unknown): Promise<void> {
    this.writes++;
    // Like IndexedDB: a value that cannot be cloned (a proxy) fails.
    this.values.set(key, structuredClone(value));
  }
}
