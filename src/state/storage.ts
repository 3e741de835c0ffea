/**
 * Guarded access to Web Storage. In private modes or with storage blocked,
 * merely touching `localStorage` throws; every caller goes through here so a
 * blocked storage degrades to "nothing stored" instead of a crash (the
 * sign-in entry check shows the incognito screen for it).
 */
export type StorageKind = 'local' | 'session';

export function storageOrNull(kind: StorageKind): Storage | null {
  try {
    const storage = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    if (!storage) return null;
    const probe = '__argus_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null; // blocked or full: behave as if there were no storage
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return storageOrNull(kind)?.getItem(key) ?? null;
  } catch {
    return null; // see storageOrNull
  }
}

export function writeItem(kind: StorageKind, key: string, value: string | null): void {
  try {
    const storage = storageOrNull(kind);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Quota or policy: the value simply is not remembered across reloads.
  }
}
