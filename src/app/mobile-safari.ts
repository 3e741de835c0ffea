/**
 * Whether the browser is Safari on an iPhone, iPad or iPod (spec 2: the
 * .mov export is hidden there; spec 9: its exports open in a new window).
 * iPadOS Safari reports a desktop Mac user agent, so a Mac with a touch
 * screen counts as an iPad. Other iOS browsers (Chrome, Firefox, Edge,
 * Opera) name themselves and are not Safari. Pure: the caller passes
 * navigator.userAgent and navigator.maxTouchPoints.
 */
import { parseUserAgent } from './browser-support';

const IOS_DEVICE = /\b(?:iPhone|iPad|iPod)\b/;
const OTHER_IOS_BROWSER = /\b(?:CriOS|FxiOS|EdgiOS|OPiOS)\//;

export function isMobileSafari(userAgent: string, maxTouchPoints: number): boolean {
  if (parseUserAgent(userAgent).name !== 'safari' || OTHER_IOS_BROWSER.test(userAgent)) return false;
  return IOS_DEVICE.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}
