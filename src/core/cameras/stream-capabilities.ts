/**
 * Stream settings against the stream's capabilities (spec 3 capability
 * types, spec 5 "Cameras" rules), as pure functions the stream dialog runs
 * on every edit so what it shows is what the recorder will store:
 *
 * - int and float values are clamped to min/max (int rounded);
 * - a BitRate whose minimum is 1 also accepts 0 ("the camera decides");
 * - 2147483647 (cameras' "no limit") becomes 0;
 * - an enum value not among the options falls back to the last option;
 * - bool is true/false, string and ip_address are text.
 *
 * The recorder applies the same rules when it saves
 * (server/recorder/cameras/capabilities.ts); the client may not import
 * recorder code, so they are written here for the form.
 */
import type { Capability, StreamCapabilities } from '../../../server/shared/api';

export const INT32_MAX = 2_147_483_647;

export type CapabilityValue = string | number | boolean;
export type CapabilityCategory = keyof StreamCapabilities;

/** The range a numeric capability really allows: a BitRate minimum of 1 lets 0 through too. */
export function effectiveRange(name: string, capability: { min: number; max: number }): { min: number; max: number } {
  const min = name === 'BitRate' && capability.min === 1 ? 0 : capability.min;
  return { min, max: Math.max(min, capability.max) };
}

/** A number brought within its capability; text that is no number gives the range's minimum. */
export function clampNumber(name: string, value: unknown, capability: Extract<Capability, { type: 'int' | 'float' }>): number {
  const { min, max } = effectiveRange(name, capability);
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return min;
  if (n === INT32_MAX) return 0;
  const clamped = Math.min(max, Math.max(min, n));
  return capability.type === 'int' ? Math.round(clamped) : clamped;
}

/** The value when it is one of the options, else the last option ('' when there are none). */
export function enumValue(value: unknown, options: readonly string[]): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (options.includes(text)) return text;
  return options.at(-1) ?? '';
}

/** One value made to fit its capability (spec 5). */
export function fitCapabilityValue(name: string, value: unknown, capability: Capability): CapabilityValue {
  switch (capability.type) {
    case 'int':
    case 'float':
      return clampNumber(name, value, capability);
    case 'enum':
      return enumValue(value, capability.options);
    case 'bool':
      return value === true || value === 'true';
    case 'string':
    case 'ip_address':
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

/** Every value of a category that has a capability made to fit it; values without one are kept. */
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

/** The order the dialog shows a category's settings in: the well-known ones first, then the rest by name. */
const VIDEO_ORDER = ['Resolution', 'Encoder', 'Profile', 'FrameRate', 'BitRate', 'Quality', 'GOVLength', 'EncoderInterval'];
const AUDIO_ORDER = ['Encoder', 'SampleRate', 'BitRate'];

export interface CapabilityEntry {
  category: CapabilityCategory;
  name: string;
  capability: Capability;
}

/** The inputs to generate for a stream's capabilities, in display order (General, Video, Audio). */
export function capabilityEntries(capabilities: StreamCapabilities | undefined): CapabilityEntry[] {
  const out: CapabilityEntry[] = [];
  const orderOf = (category: CapabilityCategory, name: string) => {
    const list = category === 'Video' ? VIDEO_ORDER : category === 'Audio' ? AUDIO_ORDER : [];
    const index = list.indexOf(name);
    return index === -1 ? list.length : index;
  };
  for (const category of ['General', 'Video', 'Audio'] as const) {
    const entries = Object.entries(capabilities?.[category] ?? {});
    entries.sort(([a], [b]) => orderOf(category, a) - orderOf(category, b) || a.localeCompare(b));
    for (const [name, capability] of entries) out.push({ category, name, capability });
  }
  return out;
}

/** A setting with no capability listed that the dialog still shows with a fixed kind (a Generic RTSP stream's path). */
export const GENERIC_PATH_CAPABILITY: Capability = { type: 'string' };
