import { describe, expect, it } from 'vitest';
import { canSubmitForm } from '../../../../src/core/form-submit';

describe('form submit (spec 5)', () => {
  it('works only while no field has an error and no request runs', () => {
    expect(canSubmitForm({}, false)).toBe(true);
    expect(canSubmitForm({}, true)).toBe(false);
    expect(canSubmitForm({ name: 'Name is required.' }, false)).toBe(false);
  });
});
