/** Reads the browser capabilities the sign-in entry checks need (browser-only). */
import { webRtcAvailable } from '../state/preferences.store';
import { storageOrNull } from '../state/storage';
import { isIncompatibleBrowser, parseUserAgent } from './browser-support';
import type { BrowserCapabilities } from './entry-checks';

interface NavigatorWithHints extends Navigator {
  userAgentData?: { mobile?: boolean };
}

export function isMobileDevice(nav: NavigatorWithHints = navigator): boolean {
  if (typeof nav.userAgentData?.mobile === 'boolean' && nav.userAgentData.mobile) return true;
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent)) return true;
  // iPadOS reports a desktop Safari user agent; touch points give it away.
  return /Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}

/** WebGL2 exists here (the html dewarp export draws with it); whether a context can be made is left to the page that draws. */
export function hasWebGl2(scope: object = globalThis): boolean {
  return typeof (scope as { WebGL2RenderingContext?: unknown }).WebGL2RenderingContext === 'function';
}

export function detectCapabilities(): BrowserCapabilities {
  const scope = globalThis as unknown as Record<string, unknown>;
  return {
    localStorage: storageOrNull('local') !== null,
    webSocket: typeof scope.WebSocket === 'function',
    incompatibleBrowser: isIncompatibleBrowser(parseUserAgent(navigator.userAgent)),
    // Advanced settings may override what the browser says (WebRTC Support Override).
    webRtc: webRtcAvailable(scope),
    mobile: isMobileDevice(),
  };
}
