import { describe, expect, it } from 'vitest';
import { capabilityEntries } from '../../../../../src/core/cameras/capability-entries';

const int = (min: number, max: number) => ({ type: 'int' as const, min, max });
const float = (min: number, max: number) => ({ type: 'float' as const, min, max });

describe('capability inputs', () => {
  it('lists General, Video then Audio, the well-known video settings first', () => {
    const entries = capabilityEntries({
      Video: { Quality: float(1, 10), Zoom: { type: 'bool' }, FrameRate: int(1, 30), Resolution: { type: 'enum', options: ['a'] } },
      General: { Path: { type: 'string' } },
      Audio: { SampleRate: int(8000, 48000) },
    });
    expect(entries.map((e) => `${e.category}.${e.name}`)).toEqual(['General.Path', 'Video.Resolution', 'Video.FrameRate', 'Video.Quality', 'Video.Zoom', 'Audio.SampleRate']);
  });

  it('lists nothing for a stream without capabilities', () => {
    expect(capabilityEntries(undefined)).toEqual([]);
  });
});
