/**
 * Pure readers of the ONVIF PTZ replies the `onvif` client leaves raw:
 * GetPresets (token and name of each preset, names kept as text — the
 * client's own parser turns '007' into 7), SetPreset (the new token) and
 * GetNodes (MaximumNumberOfPresets). Namespace prefixes vary by vendor, so
 * the patterns ignore them.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[entity.toLowerCase()] ?? '';
  });
}

/** Each <Preset token="..."> with its <Name>. */
export function parsePresets(xml: string): Array<{ token: string; name: string }> {
  const presets: Array<{ token: string; name: string }> = [];
  const presetRe = /<(?:[\w-]+:)?Preset\b([^>]*?)(\/>|>([\s\S]*?)<\/(?:[\w-]+:)?Preset>)/g;
  for (const match of xml.matchAll(presetRe)) {
    const token = /\btoken\s*=\s*"([^"]*)"/.exec(match[1] ?? '')?.[1];
    if (token === undefined) continue;
    const name = /<(?:[\w-]+:)?Name>([\s\S]*?)<\/(?:[\w-]+:)?Name>/.exec(match[3] ?? '')?.[1] ?? '';
    presets.push({ token: decodeXmlText(token), name: decodeXmlText(name).trim() });
  }
  return presets;
}

export function parseSetPresetToken(xml: string): string | undefined {
  const token = /<(?:[\w-]+:)?PresetToken>([^<]+)<\/(?:[\w-]+:)?PresetToken>/.exec(xml)?.[1];
  return token === undefined ? undefined : decodeXmlText(token).trim();
}

export function parseMaxPresets(xml: string): number | undefined {
  const value = /<(?:[\w-]+:)?MaximumNumberOfPresets>\s*(\d+)\s*</.exec(xml)?.[1];
  return value === undefined ? undefined : Number(value);
}

export const FOV_TRANSLATION_SPACE = 'http://www.onvif.org/ver10/tptz/PanTiltSpaces/TranslationSpaceFov';
