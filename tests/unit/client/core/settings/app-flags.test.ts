import { describe, expect, it } from 'vitest';
import { APP_FLAG_NAMES, defaultFlags, readFlags } from '../../../../../src/core/settings/app-flags';

describe('advanced flags', () => {
  it('holds groups.orchids.show (spec 3 app settings)', () => {
    expect(APP_FLAG_NAMES).toContain('groups.orchids.show');
  });

  it('reads a stored entry, dropping unknown names and keeping defaults for missing or malformed values', () => {
    const defaults = defaultFlags();
    expect(readFlags({ 'groups.orchids.show': !defaults['groups.orchids.show'], 'no.such.flag': true })).toEqual({
      'groups.orchids.show': !defaults['groups.orchids.show'],
    });
    expect(readFlags({ 'groups.orchids.show': 'yes' })).toEqual(defaults);
    expect(readFlags(null)).toEqual(defaults);
    expect(readFlags('garbage')).toEqual(defaults);
  });
});
