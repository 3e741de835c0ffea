/**
 * Stream settings against the stream's capabilities (spec 3 capability
 * types, spec 5 "Cameras" rules), as pure functions. The recorder clamps
 * what it stores with them; the stream dialog runs them on every edit, so
 * what it shows is what the recorder will store:
 *
 * - int and float values are clamped to min/max (int rounded);
 * - a BitRate whose minimum is 1 also accepts 0 ("the camera decides");
 * - 2147483647 (cameras' "no limit") becomes 0;
 * - an enum value not among the options falls back to the last option;
 * - bool is true/false, string and ip_address are text.
 *
 * Two strictnesses of the same rules: the recorder refuses a value of the
 * wrong kind (clampCapabilityValue throws CapabilityError, answered as 400),
 * while a form half-typed by a person shows a fallback instead
 * (fitCapabilityValue: the range's minimum, false, or empty text).
 */
import type { Capability, StreamCapabilities, StreamConfiguration, StreamConfigurationInput, VideoConfiguration } from './api/streams';

export const INT32_MAX = 2_147_483_647;

export type CapabilityValue = string | number | boolean;
export type NumericCapability = Extract<Capability, { type: 'int' | 'float' }>;

export class CapabilityError extends Error {}

/** The range a numeric capability really allows: a BitRate minimum of 1 lets 0 through too. */
export function effectiveRange(name: string, capability: { min: number; max: number }): { min: number; max: number } {
  const min = name === 'BitRate' && capability.min === 1 ? 0 : capability.min;
  return { min, max: Math.max(min, capability.max) };
}

/** One value brought within its capability (spec 5); throws CapabilityError for a value of the wrong kind. */
export function clampCapabilityValue(name: string, value: unknown, capability: Capability): CapabilityValue {
  switch (capability.type) {
    case 'int':
    case 'float': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw new CapabilityError(`${name} must be a number.`);
      if (n === INT32_MAX) return 0;
      const { min, max } = effectiveRange(name, capability);
      const clamped = Math.min(max, Math.max(min, n));
      return capability.type === 'int' ? Math.round(clamped) : clamped;
    }
    case 'enum': {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      if (capability.options.includes(text)) return text;
      const last = capability.options.at(-1);
      if (last === undefined) throw new CapabilityError(`${name} has no options.`);
      return last;
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw new CapabilityError(`${name} must be true or false.`);
    case 'string':
    case 'ip_address':
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      throw new CapabilityError(`${name} must be text.`);
  }
}

/** What a form shows for a value of the wrong kind: the lowest allowed number, false, or empty text. */
function fallbackFor(name: string, capability: Capability): CapabilityValue {
  switch (capability.type) {
    case 'int':
    case 'float':
      return effectiveRange(name, capability).min;
    case 'bool':
      return false;
    case 'enum':
    case 'string':
    case 'ip_address':
      return '';
  }
}

/** Like clampCapabilityValue, but a value of the wrong kind gives a fallback instead of an error (for forms). */
export function fitCapabilityValue(name: string, value: unknown, capability: Capability): CapabilityValue {
  try {
    return clampCapabilityValue(name, value, capability);
  } catch (error) {
    if (error instanceof CapabilityError) return fallbackFor(name, capability);
    throw error;
  }
}

/** A number brought within its capability; text that is no number gives the range's minimum. */
export function clampNumber(name: string, value: unknown, capability: NumericCapability): number {
  return fitCapabilityValue(name, value, capability) as number;
}

/** The value when it is one of the options, else the last option ('' when there are none). */
export function enumValue(value: unknown, options: readonly string[]): string {
  return fitCapabilityValue('', value, { type: 'enum', options: [...options] }) as string;
}

/** Every value of a category that has a capability made to fit it (for forms); values without one are kept, empty ones dropped. */
export function fitCategory(
  values: Readonly<Record<string, unknown>>,
  capabilities: Readonly<Record<string, Capability>> | undefined,
): Record<string, CapabilityValue> {
  const out: Record<string, CapabilityValue> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const capability = capabilities?.[name];
    out[name] = capability ? fitCapabilityValue(name, value, capability) : (value as CapabilityValue);
  }
  return out;
}

function clampCategory<T extends Record<string, unknown>>(values: T, capabilities: Record<string, Capability> | undefined): T {
  if (!capabilities) return values;
  const out: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    const capability = capabilities[name];
    if (capability && value !== undefined && value !== null) out[name] = clampCapabilityValue(name, value, capability);
  }
  return out as T;
}

/** The configuration with every value that has a capability brought within it; throws CapabilityError for a value of the wrong kind. */
export function clampStreamConfiguration(config: StreamConfigurationInput, capabilities: StreamCapabilities): StreamConfiguration {
  // A request may carry numbers as text; the categories below are replaced by their clamped form.
  const out = { ...config } as StreamConfiguration;
  if (config.Video) out.Video = clampCategory(config.Video as Record<string, unknown>, capabilities.Video) as VideoConfiguration;
  if (config.Audio) out.Audio = clampCategory(config.Audio, capabilities.Audio);
  if (config.General) out.General = clampCategory(config.General as Record<string, unknown>, capabilities.General) as { Path?: string };
  return out;
}
