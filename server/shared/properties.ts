/**
 * Server properties (spec 2 property editor, 5 rules, 9 timings): the
 * catalogue of the recorder's own settings a properties file may set, and the
 * spec 5 rules that both the client (as the operator types) and the recorder
 * (on PUT /service/server/properties) apply. TypeBox-free, so the client
 * bundles it. Cheap: plain checks over a list of tens of entries.
 *
 * A catalogue name is the recorder's command-line flag without its leading
 * '--' (`http-port` is `--http-port`), so a stored property goes through the
 * same parsing and range checks as the flag (server/recorder/core/config.ts).
 * The log level is not one: Advanced settings owns it (system/log-level-setting.ts).
 */

/** Confirmation window after a property save (spec 9): unconfirmed changes are rolled back after it. */
export const PROPERTIES_CONFIRM_DEFAULT_SECONDS = 5 * 60;
/** The blocking controlled-shutdown page reloads by itself after this long at the latest (spec 9). */
export const CONTROLLED_SHUTDOWN_SAFETY_RELOAD_MS = 90_000;
/** A custom name is checked again this long after the last keystroke (spec 5). */
export const PROPERTY_NAME_REVALIDATION_MS = 250;
/** Name search suggestions follow typing after this delay (spec 2). */
export const PROPERTY_NAME_AUTOCOMPLETE_MS = 100;
/** The recorder exits with this code to ask its supervisor for a controlled restart (EX_TEMPFAIL). */
export const RESTART_EXIT_CODE = 75;

export interface PropertyDefinition {
  name: string;
  description: string;
  /** Shown but not changeable from the editor. */
  locked: boolean;
  /** Shown for information only: never sent back, never stored. */
  infoOnly: boolean;
  /** Characters the value must match (checked only when the property is active). */
  valuePattern?: string;
}

export const PROPERTY_CATALOGUE: readonly PropertyDefinition[] = [
  { name: 'http-port', description: 'TCP port of the web client and the HTTP API', locked: false, infoOnly: false, valuePattern: '^[0-9]+$' },
  { name: 'rtsp-port', description: 'TCP port of the RTSP server', locked: false, infoOnly: false, valuePattern: '^[0-9]+$' },
  { name: 'max-export-hours', description: 'Longest export a user may request, in hours', locked: false, infoOnly: false, valuePattern: '^[0-9]+$' },
  {
    name: 'cleaner-threshold',
    description: 'Disk use (% of the archive volume) above which the oldest archives are removed',
    locked: false,
    infoOnly: false,
    valuePattern: '^[0-9]+$',
  },
  { name: 'cleaner-interval-seconds', description: 'Seconds between the retention cleaner passes', locked: false, infoOnly: false, valuePattern: '^[0-9]+$' },
  { name: 'segment-seconds', description: 'Length of archive segments in seconds (10 to 600)', locked: false, infoOnly: false, valuePattern: '^[0-9]+$' },
  { name: 'embed-origins', description: 'Comma-separated origins whose pages may show the client in a frame', locked: false, infoOnly: false },
  { name: 'host', description: 'Address the recorder listens on', locked: true, infoOnly: false },
  { name: 'data-dir', description: 'Data folder (database, archives, this properties file)', locked: true, infoOnly: true },
];

export function propertyDefinition(name: string): PropertyDefinition | undefined {
  return PROPERTY_CATALOGUE.find((definition) => definition.name === name);
}

export const PROPERTY_MESSAGES = {
  duplicateName: 'A property with this name already exists',
  badName: 'A property name may not contain whitespace, a colon or an equals sign',
  noName: 'This property is marked as active but has no name',
  noValue: 'This property is marked as active but has no value',
  badValue: 'A property value may not contain whitespace',
  locked: 'This property is locked and cannot be changed',
  pattern: (name: string) => `The value of ${name} does not have the expected format`,
} as const;

const FORBIDDEN_NAME = /[\s:=]/;
const FORBIDDEN_VALUE = /\s/;

/** The spec 5 name rule for one name against the other names in the list; undefined when it is fine. */
export function nameProblem(name: string, otherNames: readonly string[], active: boolean): string | undefined {
  if (name === '') return active ? PROPERTY_MESSAGES.noName : undefined;
  if (FORBIDDEN_NAME.test(name)) return PROPERTY_MESSAGES.badName;
  if (otherNames.includes(name)) return PROPERTY_MESSAGES.duplicateName;
  return undefined;
}

/** The spec 5 value rules; the catalogue's character pattern applies only to an active property. */
export function valueProblem(name: string, value: string, active: boolean): string | undefined {
  if (value === '') return active ? PROPERTY_MESSAGES.noValue : undefined;
  if (FORBIDDEN_VALUE.test(value)) return PROPERTY_MESSAGES.badValue;
  const pattern = propertyDefinition(name)?.valuePattern;
  if (active && pattern !== undefined && !new RegExp(pattern).test(value)) return PROPERTY_MESSAGES.pattern(name);
  return undefined;
}

export interface SentProperty {
  name: string;
  value: string;
}

/**
 * The first problem of a whole list as sent to the server (every entry is
 * active there), or undefined. `current` answers a locked property's value
 * now, which the list may repeat but not change.
 */
export function propertyListProblem(properties: readonly SentProperty[], current: (name: string) => string | undefined): string | undefined {
  const names = properties.map((p) => p.name.trim());
  for (const [index, property] of properties.entries()) {
    const name = names[index]!;
    const value = property.value.trim();
    const others = names.filter((_, i) => i !== index);
    const problem = nameProblem(name, others, true) ?? valueProblem(name, value, true);
    if (problem) return name === '' ? problem : `${name}: ${problem}`;
    const definition = propertyDefinition(name);
    if (definition?.infoOnly) return `${name}: ${PROPERTY_MESSAGES.locked}`;
    if (definition?.locked && value !== current(name)) return `${name}: ${PROPERTY_MESSAGES.locked}`;
  }
  return undefined;
}
