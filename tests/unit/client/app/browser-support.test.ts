import { describe, expect, it } from 'vitest';
import { isIncompatibleBrowser, parseUserAgent } from '../../../../src/app/browser-support';

const UA = {
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  chrome120: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome30: 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/30.0.1599.101 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0',
  edgeLegacy:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  firefox32: 'Mozilla/5.0 (Windows NT 6.1; rv:32.0) Gecko/20100101 Firefox/32.0',
  firefox121: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  opera24: 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/37.0.2062.94 Safari/537.36 OPR/24.0.1558.53',
  safari7: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_2) AppleWebKit/537.75.14 (KHTML, like Gecko) Version/7.0.3 Safari/537.75.14',
  safari17: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  iosChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
};

describe('browser support (spec 2 and 9 minimums)', () => {
  it('names browsers and versions', () => {
    expect(parseUserAgent(UA.ie11)).toEqual({ name: 'ie', major: 11 });
    expect(parseUserAgent(UA.chrome120)).toEqual({ name: 'chrome', major: 120 });
    expect(parseUserAgent(UA.edge)).toEqual({ name: 'chrome', major: 120 });
    expect(parseUserAgent(UA.edgeLegacy)).toEqual({ name: 'edge-legacy', major: 18 });
    expect(parseUserAgent(UA.opera24)).toEqual({ name: 'opera', major: 24 });
    expect(parseUserAgent(UA.safari17)).toEqual({ name: 'safari', major: 17 });
    expect(parseUserAgent(UA.iosChrome)).toEqual({ name: 'chrome', major: 120 });
    expect(parseUserAgent(UA.headless)).toEqual({ name: 'chrome', major: 156 });
    expect(parseUserAgent('curl/8.0')).toEqual({ name: 'unknown', major: 0 });
  });

  it('IE11 is not supported, nor any older IE', () => {
    expect(isIncompatibleBrowser(parseUserAgent(UA.ie11))).toBe(true);
    expect(isIncompatibleBrowser(parseUserAgent(UA.ie10))).toBe(true);
  });

  it('browsers below their minimum are incompatible (Chrome 34, Firefox 33, Opera 25, Safari 8)', () => {
    expect(isIncompatibleBrowser(parseUserAgent(UA.chrome30))).toBe(true);
    expect(isIncompatibleBrowser(parseUserAgent(UA.firefox32))).toBe(true);
    expect(isIncompatibleBrowser(parseUserAgent(UA.opera24))).toBe(true);
    expect(isIncompatibleBrowser(parseUserAgent(UA.safari7))).toBe(true);
  });

  it('current browsers and unknown ones are compatible', () => {
    for (const ua of [UA.chrome120, UA.edge, UA.firefox121, UA.safari17, UA.iosChrome, UA.headless, UA.edgeLegacy, 'curl/8.0']) {
      expect(isIncompatibleBrowser(parseUserAgent(ua))).toBe(false);
    }
  });
});
