/**
 * Which inputs the stream dialog generates for a stream's capabilities and
 * in what order. The rules that fit a value to its capability are shared
 * with the recorder: server/shared/stream-capabilities.ts.
 */
import type { Capability, StreamCapabilities } from '../../../server/shared/api';

export type CapabilityCategory = keyof StreamCapabilities;

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
