import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/i18n/catalogue.en';
import { createTranslator, MissingTranslationError, t } from '../../../../src/i18n/translate';

const catalogue = {
  greeting: 'Hello {name}',
  users: { one: '{count} user', other: '{count} users' },
};

describe('i18n (spec 8: a missing translation raises an error)', () => {
  it('interpolates placeholders and leaves unknown ones visible', () => {
    const translate = createTranslator(catalogue, true);
    expect(translate.dynamic('greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(translate.dynamic('greeting')).toBe('Hello {name}');
  });

  it('chooses English plural forms by count', () => {
    const translate = createTranslator(catalogue, true);
    expect(translate.dynamic('users', { count: 1 })).toBe('1 user');
    expect(translate.dynamic('users', { count: 0 })).toBe('0 users');
    expect(translate.dynamic('users', { count: 2 })).toBe('2 users');
  });

  it('throws for a missing key when strict (development and tests)', () => {
    const translate = createTranslator(catalogue, true);
    expect(() => translate.dynamic('nope')).toThrow(MissingTranslationError);
  });

  it('shows the key when not strict (production)', () => {
    expect(createTranslator(catalogue, false).dynamic('nope')).toBe('nope');
  });

  it('the app translator is strict under test', () => {
    expect(() => t.dynamic('no.such.key')).toThrow(MissingTranslationError);
    expect(t.has('signIn.title')).toBe(true);
    expect(t.has('no.such.key')).toBe(false);
  });

  it('keeps the spec 8 catalogue wording', () => {
    expect(t('users.subtitle', { count: 1 })).toBe('1 user on this server');
    expect(t('users.subtitle', { count: 3 })).toBe('3 users on this server');
    expect(t('errors.noResponseReturnedFrom', { product: 'Argus VMS' })).toBe('No response was returned from Argus VMS.');
  });

  it('has no empty entries', () => {
    for (const [key, value] of Object.entries(en)) {
      const texts = typeof value === 'string' ? [value] : Object.values(value);
      for (const text of texts) expect(text.trim(), key).not.toBe('');
    }
  });
});
