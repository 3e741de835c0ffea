/**
 * String look-up with English plurals and {placeholder} interpolation.
 *
 * Spec 8 says a missing translation path raises an error: in development and
 * tests a missing key throws, so a typo fails loudly; a production build
 * shows the key itself rather than breaking the screen. Keys known at compile
 * time are typed (`MessageKey`); codes that arrive at run time (server error
 * codes) go through `hasMessage` first.
 */
import { en, type Catalogue } from './catalogue.en';

export type MessageKey = keyof typeof en;
export type MessageParams = Record<string, string | number>;

export class MissingTranslationError extends Error {
  constructor(readonly key: string) {
    super(`Missing translation: '${key}'`);
    this.name = 'MissingTranslationError';
  }
}

function isStrict(): boolean {
  const env = (import.meta as { env?: { DEV?: boolean; MODE?: string } }).env;
  return env?.DEV === true || env?.MODE === 'test';
}

export interface Translator {
  (key: MessageKey, params?: MessageParams): string;
  has(key: string): key is MessageKey;
  dynamic(key: string, params?: MessageParams): string;
}

/** Builds a translator over a catalogue; `strict` makes a missing key throw. */
export function createTranslator(catalogue: Catalogue, strict: boolean, locale = 'en'): Translator {
  const plurals = new Intl.PluralRules(locale);
  const format = (key: string, params: MessageParams = {}): string => {
    const entry = catalogue[key];
    if (entry === undefined) {
      if (strict) throw new MissingTranslationError(key);
      return key;
    }
    let text: string;
    if (typeof entry === 'string') text = entry;
    else {
      const count = Number(params.count ?? 0);
      const form = plurals.select(count) as keyof typeof entry;
      text = entry[form] ?? entry.other;
    }
    return text.replace(/\{(\w+)\}/g, (match, name: string) =>
      params[name] === undefined ? match : String(params[name]),
    );
  };
  const translate = ((key: MessageKey, params?: MessageParams) => format(key, params)) as Translator;
  translate.has = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(catalogue, key);
  translate.dynamic = (key: string, params?: MessageParams) => format(key, params);
  return translate;
}

/** The application's translator (English). */
export const t: Translator = createTranslator(en, isStrict());
