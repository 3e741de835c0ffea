/**
 * Which stage tiles the user unlinked from the master timeline, kept across
 * page loads (spec 3: a local setting keyed by name plus user id,
 * 'timeline-links:<userId>' in IndexedDB, saved 1000 ms after the last
 * change). Linking is the default, so only the unlinked tile keys
 * ('orchidId/cameraId') are stored. On load each stored key is unlinked in
 * the timeline store: its own context starts as a copy of the master (a
 * playhead of a past visit means nothing now, so it is not stored).
 *
 * Only the user's own link toggles change what is stored: tiles leaving the
 * stage (or the stage view closing) do not, so a camera keeps its link
 * state when the stage is shown again.
 */
import { timelineActions, type TimelineStore } from './timeline.store';
import { browserTimers, type Timers } from '../../workers/core/browser-timers';
import { idbSettingsStorage, userSetting, warnLog, type SettingsLog, type SettingsStorage } from './user-settings';

export interface StoredTimelineLinks {
  unlinked: string[];
}

/** The unlinked keys of a stored value; anything unreadable reads as none. */
export function readUnlinkedKeys(stored: unknown): string[] {
  const unlinked = (stored as Partial<StoredTimelineLinks> | null | undefined)?.unlinked;
  if (!Array.isArray(unlinked)) return [];
  return [...new Set(unlinked.filter((key): key is string => typeof key === 'string' && key.length > 0 && key.length <= 200))];
}

export function createTimelineLinks(
  actions: Pick<TimelineStore['actions'], 'link' | 'unlink'> = timelineActions,
  deps: { storage?: SettingsStorage; timers?: Timers; log?: SettingsLog } = {},
) {
  const setting = userSetting<StoredTimelineLinks>('timeline-links', 'timeline links', {
    storage: deps.storage ?? idbSettingsStorage,
    timers: deps.timers ?? browserTimers,
    log: deps.log ?? warnLog,
  });
  let userId: string | null = null;
  let unlinked = new Set<string>();

  return {
    /** Reads the user's unlinked tiles and unlinks them. */
    async load(id: string): Promise<void> {
      setting.flush();
      userId = id;
      const stored = await setting.read(id);
      if (userId !== id) return; // another user signed in meanwhile
      unlinked = new Set(readUnlinkedKeys(stored));
      for (const key of unlinked) actions.unlink(key);
    },

    /** The user's link toggle: applies it and remembers it. */
    setLinked(key: string, linked: boolean): void {
      if (linked) {
        actions.link(key);
        unlinked.delete(key);
      } else {
        actions.unlink(key);
        unlinked.add(key);
      }
      if (userId !== null) setting.save(userId, { unlinked: [...unlinked] });
    },

    flush(): void {
      setting.flush();
    },
  };
}

export const timelineLinks = createTimelineLinks();
