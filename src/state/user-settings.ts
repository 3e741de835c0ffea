/**
 * Settings kept in the browser per user (spec 3: keyed by setting name plus
 * user id, e.g. 'stage-matrix:<userId>'), in IndexedDB through idb-keyval.
 * One place for what every such setting needs: reading it (a failure is
 * logged and reads as nothing stored), saving it debounced (spec 9: 1000 ms
 * after the last change; a failure is logged, the value simply is not
 * remembered), and writing a pending save at once before sign-out or unload.
 *
 * Storage and timers are injected so stores are tested without IndexedDB.
 */
import { get as idbGet, set as idbSet } from 'idb-keyval';
import {
  STAGE_SETTINGS_PERSIST_DEBOUNCE_MS,
  localSettingKey,
  type LocalSettingName,
} from '../core/stage-cycle';
import type { Timers } from '../../workers/core/browser-timers';
import { debounce } from '../../workers/core/debounce';

export interface SettingsStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export const idbSettingsStorage: SettingsStorage = {
  get: (key) => idbGet(key),
  set: (key, value) => idbSet(key, value),
};

export type SettingsLog = (message: string, detail?: unknown) => void;

export const warnLog: SettingsLog = (message, detail) => console.warn(message, detail);

export interface UserSetting<T> {
  /** The stored value, or undefined when there is none or it could not be read. */
  read(userId: string): Promise<unknown>;
  /** Saves `value` (a plain object: IndexedDB cannot clone proxies) after the debounce. */
  save(userId: string, value: T): void;
  /** Writes a pending save now. */
  flush(): void;
}

/** `what` names the setting in log lines ('stage', 'stage cycle settings'). */
export function userSetting<T>(
  name: LocalSettingName,
  what: string,
  deps: { storage: SettingsStorage; timers: Timers; log: SettingsLog },
): UserSetting<T> {
  const persist = debounce(
    (userId: string, value: T) => {
      deps.storage.set(localSettingKey(name, userId), value).catch((error: unknown) => deps.log(`Failed to save the ${what}`, error));
    },
    STAGE_SETTINGS_PERSIST_DEBOUNCE_MS,
    deps.timers,
  );
  return {
    async read(userId) {
      try {
        return await deps.storage.get(localSettingKey(name, userId));
      } catch (error) {
        deps.log(`Failed to read the saved ${what}`, error);
        return undefined;
      }
    },
    save: (userId, value) => persist(userId, value),
    flush: () => persist.flush(),
  };
}
