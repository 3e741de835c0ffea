/**
 * The ptzControlColor player option (spec 3) as the on-picture PTZ controls
 * use it: a CSS colour, written into a custom property of their style.
 * Only plain colours are taken, so an option from a URL argument can never
 * carry a url() or another declaration into the page. Pure.
 */

// Hex, a colour keyword, or an rgb()/hsl() function: enough for a colour option, and nothing that
// could carry a url() or another declaration into the style.
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/+-]{1,60}\))$/i;

/** The ptzControlColor option when it is a plain colour, else null (the player's own colour). */
export function controlColour(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return COLOUR.test(trimmed) ? trimmed : null;
}
