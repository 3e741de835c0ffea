import { describe, expect, it } from 'vitest';
import { activationErrorText, codeKind, isActivationCode, isRenewalCode, validateLocation } from '../../../../server/shared/activation-code';

describe('activation codes (spec 5)', () => {
  it('takes four groups of five letters or digits as an activation code, in any case and with spaces around', () => {
    expect(isActivationCode('ABCDE-12345-FGHIJ-67890')).toBe(true);
    expect(isActivationCode(' abcde-12345-fghij-67890 ')).toBe(true);
    expect(isActivationCode('ABCDE-12345-FGHIJ')).toBe(false);
    expect(isActivationCode('ABCDE-12345-FGHIJ-6789!')).toBe(false);
    expect(isActivationCode('ABCDE12345FGHIJ67890')).toBe(false);
  });

  it('takes four groups of four as a renewal code', () => {
    expect(isRenewalCode('AB12-CD34-EF56-GH78')).toBe(true);
    expect(isRenewalCode('AB12-CD34-EF56')).toBe(false);
    expect(isRenewalCode('ABCDE-12345-FGHIJ-67890')).toBe(false);
  });

  it('treats every code that is not an activation code as a renewal', () => {
    expect(codeKind('ABCDE-12345-FGHIJ-67890')).toBe('activation');
    expect(codeKind('AB12-CD34-EF56-GH78')).toBe('renewal');
    expect(codeKind('ABCDE-1234')).toBe('renewal');
  });

  it('wants a non-space character in a given location', () => {
    expect(validateLocation(undefined)).toBeUndefined();
    expect(validateLocation('')).toBeUndefined();
    expect(validateLocation('Lab 2')).toBeUndefined();
    expect(validateLocation('   ')).toBeDefined();
  });

  it("writes an activation error as 'code: reason' or the reason alone", () => {
    expect(activationErrorText({ code: 'unknown-code', reason: 'No such code.' })).toBe('unknown-code: No such code.');
    expect(activationErrorText({ reason: 'No such code.' })).toBe('No such code.');
  });
});
