import { describe, expect, it } from 'vitest';
import { normalizeGreeting, readClientConfig } from '../../../../server/aggregator/system/about-settings';

describe('the aggregator about settings', () => {
  it('reads a stored config field by field, with defaults for what is missing, unknown or of the wrong type', () => {
    expect(readClientConfig(undefined)).toEqual({ forceOrchidProxy: false });
    expect(readClientConfig('{"forceOrchidProxy":true}')).toEqual({ forceOrchidProxy: true });
    expect(readClientConfig('{"forceOrchidProxy":"true","other":1}')).toEqual({ forceOrchidProxy: false });
    expect(readClientConfig('not json')).toEqual({ forceOrchidProxy: false });
    expect(readClientConfig('[true]')).toEqual({ forceOrchidProxy: false });
  });

  it('keeps a greeting trimmed, and a blank one as none', () => {
    expect(normalizeGreeting('  Control room  ')).toBe('Control room');
    expect(normalizeGreeting(' \n ')).toBeNull();
    expect(normalizeGreeting(null)).toBeNull();
    expect(normalizeGreeting(undefined)).toBeNull();
  });
});
