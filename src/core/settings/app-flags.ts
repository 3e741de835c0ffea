/**
 * The advanced flags of /flags (spec 2, 3: app settings, among them
 * groups.orchids.show): switches of this browser's client, each with its
 * default and what it does. Kept per browser (state/app-flags.store.ts).
 *
 * Only flags that change something are listed. groups.orchids.show groups
 * the camera bag under its servers, which exist in the multi-server
 * edition; a single recorder has one server, so there it changes nothing,
 * as its description says.
 */
export const APP_FLAGS = {
  'groups.orchids.show': {
    default: true,
    description: 'Group the cameras in the camera bag under their server (multi-server mode; one recorder has one server).',
  },
} as const;

export type AppFlagName = keyof typeof APP_FLAGS;
export type AppFlags = Record<AppFlagName, boolean>;

export const APP_FLAG_NAMES = Object.keys(APP_FLAGS) as AppFlagName[];

export function defaultFlags(): AppFlags {
  return Object.fromEntries(APP_FLAG_NAMES.map((name) => [name, APP_FLAGS[name].default])) as AppFlags;
}

/** What a stored entry says, with unknown names dropped and missing or malformed ones at their default. */
export function readFlags(stored: unknown): AppFlags {
  const flags = defaultFlags();
  if (typeof stored !== 'object' || stored === null) return flags;
  for (const name of APP_FLAG_NAMES) {
    const value = (stored as Record<string, unknown>)[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}
