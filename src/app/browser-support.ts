/**
 * Which browser a user-agent string names and whether it is supported
 * (spec 9 minimums: Chrome 34, Firefox 33, MSIE 11, Opera 25, Safari 8).
 * Internet Explorer is never supported (spec 2: IE11 gets the unsupported
 * screen), and a Chrome below 34 has the incompatible WebSocket. Unknown
 * browsers are given the benefit of the doubt. Pure.
 */
export type BrowserName = 'chrome' | 'firefox' | 'ie' | 'opera' | 'safari' | 'edge-legacy' | 'unknown';

export interface BrowserInfo {
  name: BrowserName;
  major: number;
}

export const MINIMUM_VERSIONS: Partial<Record<BrowserName, number>> = {
  chrome: 34,
  firefox: 33,
  ie: 11,
  opera: 25,
  safari: 8,
};

const PATTERNS: Array<[BrowserName, RegExp]> = [
  ['ie', /MSIE (\d+)/],
  ['ie', /Trident\/.*\brv:(\d+)/],
  ['edge-legacy', /\bEdge\/(\d+)/],
  ['opera', /\bOPR\/(\d+)/],
  ['firefox', /\bFirefox\/(\d+)/],
  ['firefox', /\bFxiOS\/(\d+)/],
  ['chrome', /\bCriOS\/(\d+)/],
  ['chrome', /\b(?:HeadlessChrome|Chrome|Chromium)\/(\d+)/],
  ['safari', /\bVersion\/(\d+)[\d.]*.*Safari\//],
];

export function parseUserAgent(userAgent: string): BrowserInfo {
  for (const [name, pattern] of PATTERNS) {
    const match = pattern.exec(userAgent);
    if (match) return { name, major: Number(match[1]) };
  }
  return { name: 'unknown', major: 0 };
}

/** IE at any version, or a known browser older than its minimum. */
export function isIncompatibleBrowser(browser: BrowserInfo): boolean {
  if (browser.name === 'ie') return true;
  const minimum = MINIMUM_VERSIONS[browser.name];
  return minimum !== undefined && browser.major < minimum;
}
