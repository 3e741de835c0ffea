/**
 * How stored properties become the recorder's configuration, and the
 * editor's list of them. A property is its flag (`http-port` is
 * `--http-port`): the stored ones are appended after the command line, so
 * they go through the same parsing and checks as flags and win over flags
 * and environment (what the operator saved from the editor is what runs;
 * the README says so). Custom names (not in the catalogue) are kept in the
 * file and shown, and change nothing in the recorder.
 */
import { ConfigError, parseConfig, type RecorderConfig } from '../../core/config';
import type { ServerProperty } from '../../../shared/api/properties';
import { PROPERTY_CATALOGUE, propertyDefinition, type SentProperty } from '../../../shared/properties';
import { readPropertiesFile } from './properties-file';

/** The flags the stored catalogue properties stand for (custom and locked ones give none). */
export function propertyFlags(properties: readonly SentProperty[]): string[] {
  return properties.flatMap((p) => {
    const definition = propertyDefinition(p.name);
    return definition && !definition.locked ? [`--${p.name}`, p.value] : [];
  });
}

/**
 * The configuration with the data folder's properties applied: parsed once
 * for the data folder, then again with the stored properties after the
 * command line. Throws ConfigError as parseConfig does.
 */
export function configWithProperties(argv: string[], env: NodeJS.ProcessEnv, defaults: RecorderConfig): RecorderConfig {
  const base = parseConfig(argv, env, defaults);
  const stored = readPropertiesFile(base.dataDir);
  return stored.length === 0 ? base : parseConfig([...argv, ...propertyFlags(stored)], env, defaults);
}

/** Checks a list as the next start would read it; answers ConfigError's message, or undefined. */
export function configProblem(base: RecorderConfig, properties: readonly SentProperty[]): string | undefined {
  try {
    // The running configuration stands in for flags and environment; the list goes after it, as at start.
    parseConfig(propertyFlags(properties), {}, { ...base });
    return undefined;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

/** The value in use for a catalogue name, as the file would hold it. */
export function currentValue(config: RecorderConfig, name: string): string | undefined {
  switch (name) {
    case 'http-port':
      return String(config.httpPort);
    case 'rtsp-port':
      return String(config.rtspPort);
    case 'max-export-hours':
      return String(config.maxExportHours);
    case 'cleaner-threshold':
      return String(config.cleanerThresholdPercent);
    case 'cleaner-interval-seconds':
      return String(config.cleanerIntervalSeconds);
    case 'segment-seconds':
      return String(config.segmentSeconds);
    case 'embed-origins':
      return config.embedOrigins.join(',');
    case 'host':
      return config.host;
    case 'data-dir':
      return config.dataDir;
    default:
      return undefined;
  }
}

/** The editor's rows: every catalogue entry (stored or in use), then the custom ones in file order. */
export function propertyList(config: RecorderConfig, stored: readonly SentProperty[]): ServerProperty[] {
  const fromCatalogue = PROPERTY_CATALOGUE.map((definition): ServerProperty => {
    const set = definition.locked ? undefined : stored.find((p) => p.name === definition.name);
    return {
      id: definition.name,
      name: definition.name,
      value: set?.value ?? currentValue(config, definition.name) ?? '',
      description: definition.description,
      active: set !== undefined || definition.locked,
      locked: definition.locked,
      custom: false,
      infoOnly: definition.infoOnly,
      showInput: !definition.infoOnly,
    };
  });
  const custom = stored
    .filter((p) => !propertyDefinition(p.name))
    .map((p): ServerProperty => ({
      id: `custom:${p.name}`,
      name: p.name,
      value: p.value,
      description: '',
      active: true,
      locked: false,
      custom: true,
      infoOnly: false,
      showInput: true,
    }));
  return [...fromCatalogue, ...custom];
}
