import { describe, expect, it } from 'vitest';
import { isMobileSafari } from '../../../../src/app/mobile-safari';

const UA = {
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadOsSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iPhoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  iPhoneFirefox: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
  iPhoneEdge: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.0.2478.89 Mobile/15E148 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('mobile Safari detection (spec 2: no .mov there)', () => {
  it('is Safari on an iPhone, and on an iPad that reports a Mac (touch points)', () => {
    expect(isMobileSafari(UA.iPhoneSafari, 5)).toBe(true);
    expect(isMobileSafari(UA.iPadOsSafari, 5)).toBe(true);
  });

  it('is not desktop Safari on a Mac without touch', () => {
    expect(isMobileSafari(UA.iPadOsSafari, 0)).toBe(false);
  });

  it('is not another browser on iOS, nor Android or desktop Chrome', () => {
    expect(isMobileSafari(UA.iPhoneChrome, 5)).toBe(false);
    expect(isMobileSafari(UA.iPhoneFirefox, 5)).toBe(false);
    expect(isMobileSafari(UA.iPhoneEdge, 5)).toBe(false);
    expect(isMobileSafari(UA.androidChrome, 5)).toBe(false);
    expect(isMobileSafari(UA.desktopChrome, 0)).toBe(false);
  });
});
